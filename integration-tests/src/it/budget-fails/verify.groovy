// The build failed on the broken budget, with the pinned message; Surefire counted every case once.
def log = new File(basedir, 'build.log').text
def pinned = log.find(/ttft\.p50 = \d+ ms \[\d+, \d+\] > budget 50 ms: FAIL/)
assert pinned : 'the pinned FAIL message is missing from build.log'
def failed = log.contains('BUILD FAILURE')
assert failed

def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name ==~ /TEST-.*\.xml/ }
assert reports.size() == 1 : "expected one Surefire report, found ${reports*.name}"
def suite = new groovy.xml.XmlSlurper().parse(reports[0])
def cases = suite.testcase
assert cases.size() == 4 : "Surefire counted ${cases.size()} test cases, the scenario has 4"
assert suite.@tests.toInteger() == 4
assert suite.@failures.toInteger() == 2
assert cases.collect { it.@name.text() }.unique().size() == 4 : 'case names must be unique'
assert cases.findAll { it.failure.size() > 0 }.collect { it.@name.text() }.sort() == ['document(concurrency=1)[1]', 'document(concurrency=2)[2]']

assert log.contains('  endpoint   simulated http://127.0.0.1:') : 'the console must name the simulator as what served'

def results = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/llmh/latest.json'))
// The version of the framework that ran, from its build.
assert results.environment.llmhVersion ==~ /\d+\.\d+\.\d+.*/ : "llmhVersion ${results.environment.llmhVersion}"
assert results.results.size() == 4
results.results.each { r ->
  assert r.requests.succeeded + r.requests.failed == r.requests.measured
  assert r.samples.size() == r.requests.measured
  // -Dllmh.endpoint=simulated: the simulator served, and the record says so, not "embedded".
  assert r.endpoint.kind == 'simulated'
  assert r.endpoint.embedded == false
}
assert new File(basedir, 'target/llmh').list().any { it ==~ /run-.*Z\.json/ }
return true
