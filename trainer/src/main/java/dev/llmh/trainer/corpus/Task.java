package dev.llmh.trainer.corpus;

/** What an example asks of the model: the tasks of seeds 000, 001 and 004. */
public enum Task {
  /** Copy a film's title and year from a sentence into JSON with keys title and year (seed 000's valid_json_rate). */
  FILM_JSON,
  /** Call the offered {@code get_weather} tool with the city the question names (seed 004's tool calls). */
  WEATHER_TOOL,
  /** Say what an abbreviation of the field stands for, in a few words a regex checks (seed 001). */
  SHORT_ANSWER,
  /** Add or subtract two small numbers: what seed 000 says quantisation breaks first. */
  ARITHMETIC
}
