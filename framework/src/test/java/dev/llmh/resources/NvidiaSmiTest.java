package dev.llmh.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding nvidia-smi on a PATH and reading its CSV fields. */
class NvidiaSmiTest {

  @Test
  void theFirstExecutableOnThePathIsTheOneRun(@TempDir Path dir) throws Exception {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    Files.writeString(plain.resolve("nvidia-smi"), "not executable");
    Path first = executable(Files.createDirectories(dir.resolve("first")));
    Path second = executable(Files.createDirectories(dir.resolve("second")));
    String path = String.join(File.pathSeparator, "", dir.resolve("missing").toString(), plain.toString(), first.getParent().toString(),
        second.getParent().toString());
    assertThat(NvidiaSmi.find(path)).contains(first);
    assertThat(NvidiaSmi.find(plain.toString())).isEmpty();
    assertThat(NvidiaSmi.find(null)).isEmpty();
  }

  @Test
  void fieldsNotReportedAreNullAndANameMayHoldCommas() {
    assertThat(NvidiaSmi.fields("0, Tesla V100-SXM2-16GB, 1024, 16160, [N/A], [Not Supported]", 6))
        .containsExactly("0", "Tesla V100-SXM2-16GB", "1024", "16160", "[N/A]", "[Not Supported]");
    assertThat(NvidiaSmi.fields("3, Odd, Name, 1, 2, 3, 4", 6)).containsExactly("3", "Odd, Name", "1", "2", "3", "4");
    assertThat(NvidiaSmi.fields("garbage", 6)).isNull();
    assertThat(NvidiaSmi.number("[N/A]")).isNull();
    assertThat(NvidiaSmi.number("[Not Supported]")).isNull();
    assertThat(NvidiaSmi.number("71.25")).isEqualTo(71.25);
    assertThatThrownBy(() -> NvidiaSmi.number("lots")).isInstanceOf(NumberFormatException.class);
    assertThat(NvidiaSmi.bytes(1.5)).isEqualTo(1_572_864L);
    assertThat(NvidiaSmi.bytes(null)).isNull();
  }

  private static Path executable(Path dir) throws Exception {
    Path file = dir.resolve("nvidia-smi");
    Files.writeString(file, "#!/bin/sh\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }
}
