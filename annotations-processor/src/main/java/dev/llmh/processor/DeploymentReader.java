package dev.llmh.processor;

import static dev.llmh.processor.Annotations.explicitValue;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Cost;
import dev.llmh.annotations.Power;
import dev.llmh.config.ConfigKey;
import dev.llmh.config.Defaults;
import dev.llmh.config.DeploymentFacts;
import dev.llmh.constraint.ConstraintException;
import dev.llmh.constraint.ConstraintParser;
import dev.llmh.constraint.Unit;
import dev.llmh.processor.generator.Declarations;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Reads {@code @Power} and {@code @Cost}: each figure checked where it is written, and the prices
 * together by {@link DeploymentFacts.Cost#problem()}, the check the planner applies once configuration
 * is merged over them, so the build and the run refuse the same prices for the same reason.
 */
record DeploymentReader(Reporter reporter, ConstraintReader constraints) {

  /** A {@code @Cost} member is named as its {@code llmh.cost.*} key without this prefix. */
  private static final String COST_PREFIX =
      ConfigKey.COST_HARDWARE.key().substring(0, ConfigKey.COST_HARDWARE.key().lastIndexOf('.') + 1);

  private static final List<String> PRICES = List.of("hardware", "lifetimeYears", "hoursPerDay", "powerPrice", "perHour");

  /** {@code @Power(watts)}, or null when the element declares none. */
  Double power(Element element) {
    Optional<AnnotationMirror> found = find(element, Power.class);
    if (found.isEmpty()) {
      return null;
    }
    Optional<AnnotationValue> value = explicitValue(found.get(), "watts");
    if (value.isEmpty() || !(value.get().getValue() instanceof Double watts)) {
      return null; // javac has reported the missing or mistyped value
    }
    if (!(watts > 0) || Double.isInfinite(watts)) {
      reporter.error(element, found.get(), value.get(),
          "@Power(watts = " + watts + ") must be a finite number above zero: the machine's draw while it generates,"
              + " e.g. @Power(watts = 200)");
      return null;
    }
    return watts;
  }

  /** {@code @Cost} as deployment facts with no power, or null when the element declares none. */
  DeploymentFacts cost(Element element) {
    Optional<AnnotationMirror> found = find(element, Cost.class);
    if (found.isEmpty()) {
      return null;
    }
    AnnotationMirror mirror = found.get();
    int errorsBefore = reporter.errorCount();
    String currency = currency(element, mirror);
    Double[] prices = new Double[PRICES.size()];
    for (int i = 0; i < PRICES.size(); i++) {
      prices[i] = number(element, mirror, PRICES.get(i));
    }
    Double utilisation = utilisation(element, mirror);
    DeploymentFacts.Cost cost = new DeploymentFacts.Cost(prices[0], prices[1], prices[2], prices[3], utilisation, prices[4]);
    boolean anyPrice = utilisation != null || java.util.Arrays.stream(prices).anyMatch(p -> p != null);
    Boolean trust = explicitValue(mirror, "trustDeclared").map(v -> v.getValue() instanceof Boolean b ? b : null).orElse(null);
    if (reporter.errorCount() > errorsBefore) {
      return null; // a figure already refused would be reported again as missing
    }
    // A currency alone says what the budgets are written in, trustDeclared alone how they are
    // judged; prices may come from configuration.
    if ((anyPrice || currency == null && trust == null) && cost.problem() != null) {
      reporter.error(element, mirror, "@Cost: " + memberNames(cost.problem()));
      return null;
    }
    return new DeploymentFacts(currency, null, null, null, anyPrice ? cost : null, trust);
  }

  /**
   * A money budget in a currency other than the prices': {@code cost_per_mtok < 0.5EUR} beside a
   * {@code @Cost} in USD (or none, which is USD) would compare two currencies. Reported on the
   * {@code @Constraint} once, whichever prompt finds it.
   */
  void checkCurrency(Element classElement, Element prompt, Declarations own, Declarations merged, Set<String> reported) {
    List<String> budgets = merged.budgets().constraints();
    if (budgets == null) {
      return;
    }
    DeploymentFacts cost = merged.deployment().cost();
    boolean currencyDeclared = cost != null && cost.currency() != null;
    String currency = currencyDeclared ? cost.currency() : Defaults.COST_CURRENCY;
    Element place = own.budgets().constraints() != null ? prompt : classElement;
    for (String text : budgets) {
      String budget;
      try {
        budget = ConstraintParser.parse(text).currency();
      } catch (ConstraintException e) {
        continue; // reported by ConstraintReader
      }
      if (budget != null && !budget.equals(currency) && reported.add(place + "\n" + text)) {
        constraints.error(place, text, "\"" + text + "\" is in " + budget + " but the prices are in " + currency
            + (currencyDeclared ? " (@Cost(currency))" : " (no @Cost(currency): USD)")
            + "; write the budget in " + currency + ", or declare @Cost(currency = \"" + budget + "\") with prices in " + budget);
      }
    }
  }

  private String currency(Element element, AnnotationMirror mirror) {
    Optional<AnnotationValue> value = explicitValue(mirror, "currency");
    Optional<String> written = value.flatMap(Annotations::asString).map(String::strip).filter(s -> !s.isEmpty());
    if (written.isEmpty()) {
      return null;
    }
    String code = written.get().toUpperCase(Locale.ROOT);
    if (!Unit.isCurrency(code)) {
      reporter.error(element, mirror, value.get(),
          "@Cost(currency = \"" + written.get() + "\") is not an ISO 4217 currency code; write e.g. \"USD\" or \"EUR\","
              + " or leave it out for " + ConfigKey.COST_CURRENCY.key() + " (else USD)");
      return null;
    }
    return code;
  }

  /** A declared figure above zero; NaN (the default) is not declared. */
  private Double number(Element element, AnnotationMirror mirror, String member) {
    Optional<AnnotationValue> value = explicitValue(mirror, member);
    if (value.isEmpty() || !(value.get().getValue() instanceof Double number) || Double.isNaN(number)) {
      return null;
    }
    if (!(number > 0) || Double.isInfinite(number)) {
      reporter.error(element, mirror, value.get(),
          "@Cost(" + member + " = " + number + ") must be a finite number above zero; leave it out if it does not apply");
      return null;
    }
    return number;
  }

  /** {@code "50%"} as 50; the range is {@link DeploymentFacts.Cost#problem()}'s to check. */
  private Double utilisation(Element element, AnnotationMirror mirror) {
    Optional<AnnotationValue> value = explicitValue(mirror, "utilisation");
    Optional<String> written = value.flatMap(Annotations::asString).map(String::strip).filter(s -> !s.isEmpty());
    if (written.isEmpty()) {
      return null;
    }
    String text = written.get();
    try {
      if (text.endsWith("%")) {
        return Double.parseDouble(text.substring(0, text.length() - 1).strip());
      }
      Double.parseDouble(text);
      reporter.error(element, mirror, value.get(), "@Cost(utilisation = \"" + text + "\") needs its % sign: a bare "
          + text + " could be a fraction or a percentage; write e.g. \"50%\"");
    } catch (NumberFormatException e) {
      reporter.error(element, mirror, value.get(),
          "@Cost(utilisation = \"" + text + "\") is not a percentage; write e.g. \"50%\"");
    }
    return null;
  }

  /** The planner's message about {@code llmh.cost.*} keys, about the members of the same names. */
  private static String memberNames(String problem) {
    return problem.replace(COST_PREFIX, "");
  }
}
