package dev.llmh.processor;

import static dev.llmh.processor.Annotations.asInt;
import static dev.llmh.processor.Annotations.asList;
import static dev.llmh.processor.Annotations.asString;
import static dev.llmh.processor.Annotations.find;

import dev.llmh.annotations.Arrivals;
import dev.llmh.annotations.Concurrency;
import dev.llmh.annotations.Load;
import dev.llmh.config.Rate;
import dev.llmh.config.TimeSpan;
import dev.llmh.runner.LoadDeclaration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;

/** Reads {@code @Load} on the class or a prompt, reporting every value the open loop could not use. */
record LoadReader(Annotations annotations, Reporter reporter) {

  /** The element's {@code @Load}, or null when it declares none. */
  LoadDeclaration read(Element element) {
    Optional<AnnotationMirror> found = find(element, Load.class);
    if (found.isEmpty()) {
      return null;
    }
    AnnotationMirror mirror = found.get();
    if (find(element, Concurrency.class).isPresent()) {
      reporter.error(element, mirror,
          "@Concurrency and @Load on '" + element.getSimpleName() + "' ask for two kinds of load: choose one —"
              + " @Concurrency for a closed loop (each worker waits for its answer), or @Load for open-loop arrivals"
              + " at a rate (requests sent whether or not the server has caught up)");
    }
    List<String> rates = rates(element, mirror);
    Arrivals arrivals = annotations.value(mirror, "arrivals").getValue() instanceof VariableElement constant
        ? Arrivals.valueOf(constant.getSimpleName().toString()) : Arrivals.POISSON;
    AnnotationValue burstinessValue = annotations.value(mirror, "burstiness");
    double burstiness = burstinessValue.getValue() instanceof Double b ? b : 1.0;
    if (!Double.isFinite(burstiness) || burstiness <= 0) {
      reporter.error(element, mirror, burstinessValue,
          "@Load(burstiness = " + burstiness + ") must be a finite number above 0: the gamma shape"
              + " (below 1 burstier than Poisson, above 1 steadier)");
    } else if (burstiness != 1.0 && arrivals != Arrivals.GAMMA) {
      reporter.error(element, mirror, burstinessValue,
          "@Load(burstiness = " + burstiness + ") applies to arrivals = GAMMA only; " + arrivals + " arrivals have no"
              + " shape: write arrivals = Arrivals.GAMMA, or remove burstiness");
    }
    AnnotationValue durationValue = annotations.value(mirror, "duration");
    String duration = asString(durationValue).orElse("");
    if (!duration.isBlank()) {
      TimeSpan.problem(duration).ifPresent(problem -> reporter.error(element, mirror, durationValue,
          "@Load(duration) " + problem + ", or leave it out to send @Measurement(requests) arrivals"));
    }
    AnnotationValue maxValue = annotations.value(mirror, "maxInFlight");
    int maxInFlight = asInt(maxValue).orElse(0);
    if (maxInFlight < 0) {
      reporter.error(element, mirror, maxValue,
          "@Load(maxInFlight = " + maxInFlight + ") is negative; leave it out (0) for no bound, or give the most requests in flight");
    }
    Object seed = annotations.value(mirror, "seed").getValue();
    return new LoadDeclaration(rates, arrivals, burstiness, duration, maxInFlight, seed instanceof Long s ? s : 42L);
  }

  private List<String> rates(Element element, AnnotationMirror mirror) {
    AnnotationValue attribute = annotations.value(mirror, "rate");
    List<AnnotationValue> items = asList(attribute);
    if (items.isEmpty()) {
      reporter.error(element, mirror, attribute, "@Load has no rate; give at least one, e.g. @Load(rate = \"4/s\")");
    }
    List<String> rates = new ArrayList<>();
    List<Double> perSecond = new ArrayList<>();
    for (AnnotationValue item : items) {
      Optional<String> written = asString(item);
      if (written.isEmpty()) {
        continue;
      }
      Optional<String> problem = Rate.problem(written.get());
      if (problem.isPresent()) {
        reporter.error(element, mirror, item, "@Load " + problem.get());
        continue;
      }
      Rate rate = Rate.parse(written.get());
      int same = perSecond.indexOf(rate.perSecond());
      if (same >= 0) {
        reporter.error(element, mirror, item, "@Load lists rate " + rate.text()
            + (rates.get(same).equals(rate.text()) ? " twice" : ", the same rate as " + rates.get(same))
            + "; remove one (each rate is a case)");
      }
      perSecond.add(rate.perSecond());
      rates.add(rate.text());
    }
    return rates;
  }
}
