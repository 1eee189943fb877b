// The key was used (the simulator requires it) and appears nowhere the build leaves behind.
def key = new File(basedir, 'key.txt').text.trim()
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert !log.contains(key) : 'the key is in build.log'

def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name ==~ /TEST-.*\.xml/ }
assert reports.size() == 1
def xml = reports[0].text
// Surefire records every system property: the file's path is there, the key is not.
assert xml.contains('llmh.apiKeyFile') : 'Surefire no longer records system properties: this check proves nothing'
assert !xml.contains(key) : 'the key is in the Surefire report'

def results = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/llmh/latest.json'))
assert results.results.size() == 1
assert results.results[0].requests.succeeded == 5 : 'the key was not sent: the simulator refused the requests'
new File(basedir, 'target/llmh').eachFile { f -> assert !f.text.contains(key) : "the key is in ${f.name}" }
return true
