// The README's snippet, copied verbatim, compiles Java 17 code without a warning and runs the scenario.
def readme = new File(itSources, '../../../README.md').text
def snippet = (readme =~ /(?s)```xml\n(.*?)```/)[0][1]
def pom = new File(basedir, 'pom.xml').text
assert pom.contains(snippet) : 'pom.xml is no longer the README snippet verbatim: copy the snippet again'

def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert !log.contains('bootstrap class path') : 'compiled without a release: the snippet must set maven.compiler.release'
assert !log.contains('platform encoding') : 'the snippet must set project.build.sourceEncoding'
assert !log.find(/\[WARNING\].*(source|target) value 8/) : 'compiled at Java 8'
assert log.find(/ttft\.p50 = [\d.]+ ms \[[\d.]+, [\d.]+\] <= budget 5000 ms: PASS/) : 'the PASS line is missing'

def results = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/llmh/latest.json'))
assert results.results.size() == 1
assert results.results[0].requests.succeeded == 5
def page = new File(basedir, 'target/llmh/latest.html')
assert page.isFile() : 'the snippet must bring the HTML report: llmh-reports on the test classpath'
assert page.text.contains('echarts') && !page.text.contains('<script src=') : 'the HTML report is not self-contained'
return true
