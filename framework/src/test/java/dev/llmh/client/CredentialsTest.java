package dev.llmh.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmh.config.Config.Secret;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CredentialsTest {

  @Test
  void aBearerKeyIsHiddenWhereverItStands() {
    Credentials credentials = Credentials.bearer(Optional.of(new Secret("sk-live-0123456789")));
    assertThat(credentials.authorization()).contains("Bearer sk-live-0123456789");
    assertThat(credentials.redact("model: Bearer sk-live-0123456789, again sk-live-0123456789"))
        .isEqualTo("model: Bearer <hidden>, again <hidden>");
    assertThat(credentials.toString()).doesNotContain("sk-live");
  }

  @Test
  void userInfoIsSentAsBasicAuthAndHiddenInEveryForm() {
    Credentials credentials = new Credentials(Optional.empty(), Optional.of(new Secret("ann:s3cret-pass")));
    String basic = Base64.getEncoder().encodeToString("ann:s3cret-pass".getBytes());
    assertThat(credentials.authorization()).contains("Basic " + basic);
    assertThat(credentials.redact("Basic " + basic + " ann:s3cret-pass s3cret-pass ann"))
        .isEqualTo("Basic <hidden> <hidden> <hidden> ann");
  }

  @Test
  void aShortPasswordIsHiddenOnlyWithItsUser() {
    Credentials credentials = new Credentials(Optional.empty(), Optional.of(new Secret("ann:pw")));
    assertThat(credentials.redact("ann:pw in the powerful pwd")).isEqualTo("<hidden> in the powerful pwd");
  }

  @Test
  void nothingToHideChangesNothing() {
    assertThat(Credentials.NONE.redact("plain text")).isEqualTo("plain text");
    assertThat(Credentials.NONE.authorization()).isEmpty();
  }
}
