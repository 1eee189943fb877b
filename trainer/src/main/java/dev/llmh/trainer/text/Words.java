package dev.llmh.trainer.text;

import dev.llmh.trainer.corpus.Corpus;
import dev.llmh.trainer.corpus.Example;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The words a trained model's vocabulary gives whole tokens: those of its corpus, most frequent
 * first — but never a city's name. A held-out city must be spelt from the same pieces as the cities
 * the model trained on, or copying it would be a task it never saw.
 */
public final class Words {
  private Words() {}

  public static List<String> of(Corpus corpus, List<Example> examples) {
    Set<String> cities = new HashSet<>();
    for (List<String> part : List.of(corpus.cities().training(), corpus.cities().heldOut())) {
      part.forEach(c -> cities.add(c.toLowerCase(Locale.ROOT)));
    }
    Map<String, Integer> counts = new HashMap<>();
    for (Example e : examples) {
      for (String text : List.of(e.system(), e.user(), e.answer())) {
        for (String word : text.split("[^A-Za-z]+")) {
          String lower = word.toLowerCase(Locale.ROOT);
          if (lower.length() > 1 && !cities.contains(lower)) {
            counts.merge(lower, 1, Integer::sum);
          }
        }
      }
    }
    return counts.entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey)
        .collect(Collectors.toList());
  }
}
