// What each selection ran, read from the record each module's run left (or did not).
def log = new File(basedir, 'build.log').text
def json = { String path -> new groovy.json.JsonSlurper().parse(new File(basedir, path)) }

// 1. llmh.select=Typo*: the build failed, with every scenario and its cases listed.
assert log.contains("llmh.select: 'Typo*' matches no case of any LLMH scenario in this build")
assert log.contains('com.example.Translation: toGerman [concurrency=1|2], toFrench [concurrency=1|2]')
assert log.contains('com.example.Summaries (summaries)')
assert log.contains("e.g. -Dllmh.select='Translation#toGerman[concurrency=1]'")
assert log.contains('BUILD FAILURE')

// 2. -Dtest=Translation#toFrench from the root: the named prompt's two cases, nothing of Summaries.
def french = json('translation/target/llmh-french/latest.json')
assert french.results*.caseId.sort() == ['toFrench[concurrency=1]', 'toFrench[concurrency=2]']
assert !new File(basedir, 'summaries/target/llmh-french').exists()

// 3. llmh.select=Translation#toGerman[concurrency=2]: one case; Summaries ran nothing and said why.
def german = json('translation/target/llmh-german/latest.json')
assert german.results*.caseId == ['toGerman[concurrency=2]']
assert !new File(basedir, 'summaries/target/llmh-german').exists()
assert log.contains("llmh.select: 'Translation#toGerman[concurrency=2]' selects nothing in this module; other modules declare com.example.Translation (translation)")
assert log.contains('BUILD SUCCESS')
return true
