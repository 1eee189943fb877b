// The scenario of budget-fails with its broken budget raised, the fix a user makes: the same source, one value changed.
def source = new File(itSources, 'budget-fails/src/test/java/com/example/Chat.java').text
def raised = source.replace('@Ttft(p50 = "50ms")', '@Ttft(p50 = "5s")')
assert raised != source : 'budget-fails no longer declares @Ttft(p50 = "50ms"): update this hook'
def scenario = new File(basedir, 'src/test/java/com/example/Chat.java')
scenario.parentFile.mkdirs()
scenario.text = raised
return true
