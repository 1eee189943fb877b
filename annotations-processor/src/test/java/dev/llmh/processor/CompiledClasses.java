package dev.llmh.processor;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;

/** Loads the classes of an in-memory compilation, so tests can run the generated runner. */
final class CompiledClasses extends ClassLoader {
  private final Compilation compilation;

  CompiledClasses(Compilation compilation) {
    // Parent first: the framework's SPI types must be the test's own, or casts would fail.
    super(CompiledClasses.class.getClassLoader());
    this.compilation = compilation;
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    Optional<JavaFileObject> file =
        compilation.generatedFile(StandardLocation.CLASS_OUTPUT, name.replace('.', '/') + ".class");
    if (file.isEmpty()) {
      throw new ClassNotFoundException(name);
    }
    try (InputStream in = file.get().openInputStream()) {
      byte[] bytes = in.readAllBytes();
      return defineClass(name, bytes, 0, bytes.length);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
