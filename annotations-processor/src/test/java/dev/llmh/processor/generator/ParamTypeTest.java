package dev.llmh.processor.generator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ParamTypeTest {

  @Test
  void acceptsWhatTheRunnersConversionAccepts() {
    assertThat(ParamType.INT.problem("-12")).isEmpty();
    assertThat(ParamType.LONG.problem("9000000000")).isEmpty();
    assertThat(ParamType.DOUBLE.problem("1e-3")).isEmpty();
    assertThat(ParamType.BOOLEAN.problem("TRUE")).isEmpty();
    assertThat(ParamType.STRING.problem("")).isEmpty();
  }

  @Test
  void rejectsValuesTheConversionWouldMisread() {
    assertThat(ParamType.INT.problem("9000000000")).hasValueSatisfying(m -> assertThat(m).contains("whole number"));
    assertThat(ParamType.LONG.problem("1.5")).isPresent();
    assertThat(ParamType.DOUBLE.problem("half")).hasValue("write a decimal number such as 0.5");
    // Boolean.parseBoolean would silently turn "yes" into false.
    assertThat(ParamType.BOOLEAN.problem("yes")).hasValue("write true or false");
  }

  @Test
  void convertsThroughTheBoxedTypesParseMethods() {
    assertThat(ParamType.INT.conversion("v")).isEqualTo("java.lang.Integer.parseInt(v)");
    assertThat(ParamType.STRING.conversion("v")).isEqualTo("v");
  }
}
