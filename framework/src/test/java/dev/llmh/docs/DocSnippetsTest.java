package dev.llmh.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every {@code ```java} block of the README and of the Markdown files under docs/ is an excerpt of a
 * Java file this build compiles (a sample, a fixture, a source or a test), and every {@code ```xml}
 * block an excerpt of one of the repository's pom.xml files: the lines of the block, trailing
 * whitespace stripped, appear in that file as consecutive lines. So no snippet a reader copies can
 * drift from the code. Other fences (console output, bash, text) are not checked.
 */
class DocSnippetsTest {
  /** Surefire runs this module's tests in the module's directory. */
  private static final Path ROOT = Path.of("..");

  private static final List<String> JAVA_ROOTS = List.of("samples/src", "integration-tests/src", "api/src", "framework/src");

  private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", ".git", "node_modules");

  /** A fence line: three backticks, an optional language, nothing else. */
  private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*([A-Za-z0-9_+-]*)\\s*$");

  record Snippet(String doc, int line, String kind, List<String> lines) {
    String where() {
      String first = lines.isEmpty() ? "" : lines.get(0).strip();
      return doc + " line " + line + ": the ```" + kind + " block starting '" + first + "'";
    }
  }

  @Test
  void everyJavaSnippetIsAnExcerptOfCompiledCode() throws IOException {
    List<List<String>> sources = new ArrayList<>();
    for (String root : JAVA_ROOTS) {
      for (Path file : files(ROOT.resolve(root), ".java")) {
        sources.add(lines(file));
      }
    }
    List<Snippet> snippets = snippets("java");
    assertThat(snippets).as("java snippets found in README.md and docs/ (is the repository root %s?)",
        ROOT.toAbsolutePath().normalize()).isNotEmpty();
    List<String> failures = new ArrayList<>();
    for (Snippet snippet : snippets) {
      if (sources.stream().noneMatch(source -> contains(source, snippet.lines()))) {
        failures.add(snippet.where() + " is not an excerpt of any .java file under " + String.join(", ", JAVA_ROOTS)
            + ": copy the snippet from the sample again, or make it a sample (a class holding it verbatim, e.g. under"
            + " integration-tests/src/main/java/dev/llmh/it/fixtures/docs)");
      }
    }
    assertThat(failures).withFailMessage("%s", String.join("\n", failures)).isEmpty();
  }

  @Test
  void everyXmlSnippetIsAnExcerptOfAPom() throws IOException {
    List<List<String>> poms = new ArrayList<>();
    for (Path file : files(ROOT, "pom.xml")) {
      poms.add(lines(file));
    }
    List<Snippet> snippets = snippets("xml");
    assertThat(snippets).as("xml snippets found in README.md and docs/ (the README's pom snippet at least)").isNotEmpty();
    List<String> failures = new ArrayList<>();
    for (Snippet snippet : snippets) {
      if (poms.stream().noneMatch(pom -> contains(pom, snippet.lines()))) {
        failures.add(snippet.where() + " is not an excerpt of any pom.xml in this repository: copy the snippet from the"
            + " sample again, or make it a sample (a nested build under integration-tests/src/it whose pom holds it"
            + " verbatim, as readme-pom holds the README's)");
      }
    }
    assertThat(failures).withFailMessage("%s", String.join("\n", failures)).isEmpty();
  }

  @Test
  void theExtractionFindsFencedBlocksAndTheirLines() {
    List<Snippet> found = snippets("guide.md", List.of(
        "text", "```bash", "mvn test", "```", "", "```java", "@LlmBenchmark  ", "public class A {}", "```", "```", "x", "```"),
        "java");
    assertThat(found).singleElement().satisfies(s -> {
      assertThat(s.line()).isEqualTo(6);
      assertThat(s.lines()).containsExactly("@LlmBenchmark", "public class A {}");
      assertThat(s.where()).isEqualTo("guide.md line 6: the ```java block starting '@LlmBenchmark'");
    });
    assertThat(contains(List.of("a", "b", "c", "d"), List.of("b", "c"))).isTrue();
    assertThat(contains(List.of("a", "b", "x", "c"), List.of("b", "c"))).isFalse();
  }

  /** The blocks of one language in README.md and in every Markdown file under docs/. */
  private static List<Snippet> snippets(String kind) throws IOException {
    List<Path> docs = new ArrayList<>();
    docs.add(ROOT.resolve("README.md"));
    docs.addAll(files(ROOT.resolve("docs"), ".md"));
    List<Snippet> snippets = new ArrayList<>();
    for (Path doc : docs) {
      snippets.addAll(snippets(ROOT.relativize(doc).toString().replace('\\', '/'), Files.readAllLines(doc), kind));
    }
    return snippets;
  }

  /** Each fenced block of {@code kind}, its lines with trailing whitespace stripped; line numbers from 1. */
  static List<Snippet> snippets(String doc, List<String> text, String kind) {
    List<Snippet> snippets = new ArrayList<>();
    for (int i = 0; i < text.size(); i++) {
      Matcher opening = FENCE.matcher(text.get(i));
      if (!opening.matches()) {
        continue;
      }
      int close = i + 1;
      while (close < text.size() && !FENCE.matcher(text.get(close)).matches()) {
        close++;
      }
      assertThat(close).as("%s line %d: a ``` block that never closes", doc, i + 1).isLessThan(text.size());
      if (opening.group(1).equals(kind)) {
        snippets.add(new Snippet(doc, i + 1, kind, text.subList(i + 1, close).stream().map(String::stripTrailing).toList()));
      }
      i = close;
    }
    return snippets;
  }

  /** Whether {@code excerpt} occurs in {@code source} as consecutive lines. */
  static boolean contains(List<String> source, List<String> excerpt) {
    for (int start = 0; start + excerpt.size() <= source.size(); start++) {
      if (source.subList(start, start + excerpt.size()).equals(excerpt)) {
        return true;
      }
    }
    return false;
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.readAllLines(file).stream().map(String::stripTrailing).toList();
  }

  /** Regular files under {@code root} whose names end with {@code suffix}, build output and VCS data left out. */
  private static List<Path> files(Path root, String suffix) throws IOException {
    List<Path> found = new ArrayList<>();
    if (!Files.isDirectory(root)) {
      return found;
    }
    Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        Path name = dir.getFileName();
        return name != null && SKIPPED_DIRECTORIES.contains(name.toString()) ? FileVisitResult.SKIP_SUBTREE
            : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (attrs.isRegularFile() && file.getFileName().toString().endsWith(suffix)) {
          found.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    return found;
  }
}
