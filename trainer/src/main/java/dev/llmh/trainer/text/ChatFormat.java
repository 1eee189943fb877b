package dev.llmh.trainer.text;

import dev.llmh.trainer.corpus.Example;
import java.util.ArrayList;
import java.util.List;

/**
 * How a conversation is laid out as text: ChatML, with the offered tools named in a system turn
 * before the messages (a system message of the conversation is a turn of its own).
 * Training lays examples out with {@link #prompt}, and the model file carries {@link #TEMPLATE},
 * which llama.cpp applies to a request's messages and tools: the two give the same text.
 */
public final class ChatFormat {
  public static final String START = "<|im_start|>";
  public static final String END = "<|im_end|>";
  /**
   * Jinja, as {@code tokenizer.chat_template}, run by llama.cpp with {@code --jinja}. An assistant
   * message's tool calls are written back as the model writes them; that the template shows
   * {@code <tool_call>} is also what makes llama.cpp treat it as a Hermes-style tool-calling
   * template and render the tools with it, adding no system message of its own.
   */
  public static final String TEMPLATE = "{%- if tools %}{{ '<|im_start|>system\\nTools: ' }}"
      + "{%- for tool in tools %}{{ tool['function']['name'] }}{% if not loop.last %}{{ ', ' }}{% endif %}{% endfor %}"
      + "{{ '<|im_end|>\\n' }}{% endif %}"
      + "{%- for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' }}"
      + "{%- if message['content'] %}{{ message['content'] }}{% endif %}"
      + "{%- if message['tool_calls'] %}{%- for call in message['tool_calls'] %}{{ '<tool_call>\\n{\"name\": \"'"
      + " + call['function']['name'] + '\", \"arguments\": ' + (call['function']['arguments'] | tojson) + '}\\n</tool_call>' }}"
      + "{% endfor %}{% endif %}{{- '<|im_end|>\\n' }}{% endfor %}"
      + "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

  private ChatFormat() {}

  /** The text before the answer: its turns ({@link #turns}), each closed, and the assistant's opening. */
  public static String prompt(Example example) {
    StringBuilder text = new StringBuilder();
    for (String turn : turns(example)) {
      text.append(START).append(turn).append(END).append('\n');
    }
    return text.append(START).append("assistant\n").toString();
  }

  /** The turns before the answer, each its role, a newline and its text: tools, system message, user. */
  public static List<String> turns(Example example) {
    List<String> turns = new ArrayList<>();
    if (!example.tools().isEmpty()) {
      turns.add("system\nTools: " + String.join(", ", example.tools()));
    }
    if (!example.system().isEmpty()) {
      turns.add("system\n" + example.system());
    }
    turns.add("user\n" + example.user());
    return turns;
  }
}
