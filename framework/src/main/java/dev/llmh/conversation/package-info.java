/** Stage features: a conversation's figures by turn and the fit of its context. */
package dev.llmh.conversation;
