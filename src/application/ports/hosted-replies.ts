/** An inbound text, stored and committed, that a hosted agent should answer. */
export interface TextToAnswer {
  readonly projectId: string;
  readonly conversationId: string;
  readonly messageId: string;
}

/** What receiving a text needs of the hosted agents: hand over a text to answer, and return at once. */
export interface HostedReplies {
  replyTo(text: TextToAnswer): void;
}
