// The first run a user makes: real inference on the embedded engine, a PASS, and a record that says what served.
def log = new File(basedir, 'build.log').text
assert log.contains('BUILD SUCCESS')
assert log.find(/ttft\.p50 = [\d.]+ ms \[[\d.]+, [\d.]+\] <= budget 30000 ms: PASS/) : 'the PASS line is missing'
// What the wait is for, then how far the case is: through Surefire, on the user's console.
// (ASCII only: how the console's charset renders an ellipsis or a chevron is not the point here)
assert log.contains('LLMH starting embedded llama.cpp server (model small, 2 slots)') : 'the server start is not announced'
assert log.find(/LLMH embedded server ready in [\d.]+ s/) : 'the server being ready is not announced'
// A quiet console: the process sampler (OSHI) logs through SLF4J, which must not warn on a user's
// console for want of a binding the user never asked for.
assert log.contains('process    peak rss') : 'the embedded server process was not sampled, so SLF4J was never woken'
assert !log.contains('SLF4J') : 'SLF4J spoke on the console: ' + log.readLines().find { it.contains('SLF4J') }
assert log.find(/LLMH (warm-up \d\/1|\d\/5 requests), .* elapsed.* \(FirstRun .+ define \[concurrency=1\]\)/) : 'no progress line'

def reports = new File(basedir, 'target/surefire-reports').listFiles().findAll { it.name ==~ /TEST-.*\.xml/ }
def suite = new groovy.xml.XmlSlurper().parse(reports[0])
assert suite.@tests.toInteger() == 1 && suite.@failures.toInteger() == 0 && suite.@errors.toInteger() == 0

def results = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/llmh/latest.json'))
def result = results.results[0]
assert result.endpoint.embedded == true
assert result.endpoint.kind == 'embedded'
assert result.endpoint.server.engine.startsWith('llama.cpp') : "served by ${result.endpoint.server}"
assert result.requests.succeeded == 5 && result.requests.failed == 0
assert result.samples.every { it.output_tokens > 0 && it.chunk_ms.size() > 0 }
return true
