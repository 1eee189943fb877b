// A record left by an earlier build must not pass for this one's.
['translation', 'summaries'].each { module ->
  new File(basedir, "${module}/target").listFiles()?.findAll { it.name.startsWith('llmh') }?.each { it.deleteDir() }
}
return true
