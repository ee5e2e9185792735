import type { MessageCursor, MessageSlice } from '../ports/messaging-repositories.js';

/** Every message through one number, all threads, newest first: `GET /v1/numbers/{id}/messages`. */
export interface NumberMessagesQuery {
  /** The window of the project's number's messages (released numbers keep theirs); null when the project has no number of that id. */
  window(projectId: string, numberId: string, cursor: MessageCursor): Promise<MessageSlice | null>;
}
