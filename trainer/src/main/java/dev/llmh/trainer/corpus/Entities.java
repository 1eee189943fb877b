package dev.llmh.trainer.corpus;

import dev.llmh.embedded.model.SplitMix;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The things examples name — films, cities, pairs of numbers — each list split once, by a seeded
 * shuffle, into what the model trains on and what it is evaluated on and never sees.
 */
public final class Entities {
  /** The share of each list kept for evaluation. */
  static final double HELD_OUT = 0.15;

  private static final List<String> ADJECTIVES = List.of("Silent", "Crimson", "Hidden", "Broken", "Golden", "Distant",
      "Frozen", "Burning", "Quiet", "Hollow", "Wild", "Last", "Lost", "Electric", "Midnight", "Paper", "Iron", "Velvet",
      "Bitter", "Northern", "Secret", "Endless", "Falling", "Silver");
  private static final List<String> NOUNS = List.of("Harbor", "River", "Garden", "Mirror", "Road", "Winter", "Empire",
      "Orchard", "Signal", "Lantern", "Island", "Station", "Tide", "Forest", "Machine", "Letter", "Horizon", "Valley",
      "Engine", "Shadow", "Summer", "Bridge", "Crown", "Desert");
  private static final List<String> CITIES = List.of("Lisbon", "Oslo", "Nairobi", "Lima", "Hanoi", "Dublin", "Quito",
      "Perth", "Cairo", "Denver", "Madrid", "Seoul", "Accra", "Vienna", "Bogota", "Porto", "Kyoto", "Austin", "Tunis",
      "Riga", "Dakar", "Boston", "Milan", "Zagreb", "Lagos", "Osaka", "Prague", "Havana", "Manila", "Geneva", "Sofia",
      "Lyon", "Tbilisi", "Bergen", "Leeds", "Malmo", "Turin", "Kochi", "Sapporo", "Calgary", "Adelaide", "Bristol",
      "Dallas", "Helsinki", "Krakow", "Marseille", "Munich", "Nantes", "Ottawa", "Phoenix", "Seville", "Tampere",
      "Utrecht", "Valencia", "Warsaw", "Yerevan", "Zurich", "Antwerp", "Bilbao", "Cordoba");
  static final int INVENTED_CITIES = 3000;
  private static final List<String> ONSETS = List.of("b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
      "br", "tr", "st", "kl", "gr", "sh");
  private static final List<String> VOWELS = List.of("a", "e", "i", "o", "u", "ai", "ou");
  private static final List<String> CODAS = List.of("", "n", "r", "s", "l", "m", "th", "x");
  /** Numbers that arithmetic examples take, both operands. */
  static final int LARGEST_OPERAND = 30;

  /** One list's two parts. */
  public record Split<T>(List<T> training, List<T> heldOut) {}

  private Entities() {}

  /** Every title the word lists make ("The Silent Harbor", "Harbor of Winter", "Crimson River"). */
  static List<String> titles() {
    List<String> titles = new ArrayList<>();
    for (String adjective : ADJECTIVES) {
      for (String noun : NOUNS) {
        titles.add("The " + adjective + " " + noun);
        titles.add(adjective + " " + noun);
      }
    }
    for (String a : NOUNS) {
      for (String b : NOUNS) {
        if (!a.equals(b)) {
          titles.add(a + " of " + b);
        }
      }
    }
    return titles;
  }

  /**
   * The real cities, then {@link #INVENTED_CITIES} names made of syllables: with sixty names a model
   * learns to pick one of those it saw; with thousands it has to copy the one the question names.
   */
  static List<String> cities() {
    List<String> cities = new ArrayList<>(CITIES);
    java.util.Set<String> seen = new java.util.HashSet<>(CITIES);
    SplitMix rng = new SplitMix(0x63697479L);
    while (cities.size() < CITIES.size() + INVENTED_CITIES) {
      StringBuilder name = new StringBuilder();
      for (int syllables = 2 + rng.nextInt(2); syllables > 0; syllables--) {
        name.append(ONSETS.get(rng.nextInt(ONSETS.size()))).append(VOWELS.get(rng.nextInt(VOWELS.size())));
      }
      name.append(CODAS.get(rng.nextInt(CODAS.size())));
      String city = Character.toUpperCase(name.charAt(0)) + name.substring(1);
      if (seen.add(city)) {
        cities.add(city);
      }
    }
    return cities;
  }

  /**
   * Every pair of operands {@code [a, b]} with {@code a ≤ b}: a pair held out is held out in either
   * order and as a difference, so that no question about it is ever trained on.
   */
  static List<int[]> operands() {
    List<int[]> pairs = new ArrayList<>();
    for (int a = 0; a <= LARGEST_OPERAND; a++) {
      for (int b = a; b <= LARGEST_OPERAND; b++) {
        pairs.add(new int[] {a, b});
      }
    }
    return pairs;
  }

  /** {@code all} shuffled by {@code rng}, the last {@link #HELD_OUT} of it kept apart. */
  static <T> Split<T> split(List<T> all, SplitMix rng) {
    List<T> shuffled = new ArrayList<>(all);
    for (int i = shuffled.size() - 1; i > 0; i--) {
      Collections.swap(shuffled, i, rng.nextInt(i + 1));
    }
    int training = (int) Math.round(shuffled.size() * (1 - HELD_OUT));
    return new Split<>(List.copyOf(shuffled.subList(0, training)), List.copyOf(shuffled.subList(training, shuffled.size())));
  }
}
