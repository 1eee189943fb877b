// Raising the budget makes the same scenario pass; every case is still one Surefire test.
def log = new File(basedir, 'build.log').text
def succeeded = log.contains('BUILD SUCCESS')
assert succeeded
def failLine = log.find(/.*: FAIL/)
assert !failLine
// the "5s" budget and the figure both in ms, ttft's display unit
def pass = log.find(/ttft\.p50 = [\d.]+ ms \[[\d.]+, [\d.]+\] <= budget 5000 ms: PASS/)
assert pass : 'the PASS verdict line is missing from build.log'

def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name ==~ /TEST-.*\.xml/ }
def suite = new groovy.xml.XmlSlurper().parse(reports[0])
assert suite.testcase.size() == 4
assert suite.@tests.toInteger() == 4
assert suite.@failures.toInteger() == 0 && suite.@errors.toInteger() == 0
return true
