package dev.llmh.trainer.text;

import dev.llmh.trainer.corpus.Example;

/**
 * How a conversation is laid out as text: ChatML, with the offered tools named in a system turn.
 * Training lays examples out with {@link #prompt}, and the model file carries {@link #TEMPLATE},
 * which llama.cpp applies to a request's messages and tools: the two give the same text.
 */
public final class ChatFormat {
  public static final String START = "<|im_start|>";
  public static final String END = "<|im_end|>";
  /** Jinja, as {@code tokenizer.chat_template}. */
  public static final String TEMPLATE = "{%- if tools %}{{ '<|im_start|>system\\nTools: ' }}"
      + "{%- for tool in tools %}{{ tool['function']['name'] }}{% if not loop.last %}{{ ', ' }}{% endif %}{% endfor %}"
      + "{{ '<|im_end|>\\n' }}{% endif %}"
      + "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}"
      + "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

  private ChatFormat() {}

  /** The text before the answer: the tools' turn when there are tools, the user's turn, and the assistant's opening. */
  public static String prompt(Example example) {
    StringBuilder text = new StringBuilder();
    if (!example.tools().isEmpty()) {
      text.append(START).append("system\nTools: ").append(String.join(", ", example.tools())).append(END).append('\n');
    }
    return text.append(START).append("user\n").append(example.user()).append(END).append('\n')
        .append(START).append("assistant\n").toString();
  }
}
