package dev.llmh.feature;

import dev.llmh.analysis.Figure;
import dev.llmh.result.CaseResult;
import dev.llmh.result.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * A feature's figures of a case, read from the case's record: what every output shows of the
 * feature. Registered as one line of {@code META-INF/services/dev.llmh.feature.FigureSource}; the
 * lines' order is the order the figures are shown in.
 */
public interface FigureSource {
  /** This feature's lines of the case, none when the case has none of its sections. */
  List<Figure> figures(CaseResult result);

  /** Every registered feature's lines of the case, in registration order. */
  static List<Figure> all(CaseResult result) {
    List<Figure> all = new ArrayList<>();
    Registered.SOURCES.forEach(source -> all.addAll(source.figures(result)));
    return all;
  }

  /**
   * A source of one section's figures, none when the case has no such section.
   *
   * @param <T> the section's type
   */
  abstract class OfSection<T> implements FigureSource {
    private final Section<T> section;

    protected OfSection(Section<T> section) {
      this.section = section;
    }

    @Override
    public final List<Figure> figures(CaseResult result) {
      T value = result.section(section);
      return value == null ? List.of() : figures(value, result);
    }

    /** The lines of {@code value}, the case's section; {@code result} holds the rest of the case. */
    protected abstract List<Figure> figures(T value, CaseResult result);
  }

  /** The sources, found once. */
  final class Registered {
    static final List<FigureSource> SOURCES =
        ServiceLoader.load(FigureSource.class, FigureSource.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

    private Registered() {}
  }
}
