import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../domain/agent.js';
import type { Conversation } from '../../domain/conversation.js';
import type { Message } from '../../domain/message.js';
import type { ChatMessage, LanguageModel, ToolCall } from '../ports/language-model.js';
import type { CustomToolRunner } from './custom-tool-runner.js';
import { customToolDefinitions } from './hosted-call-prompt.js';
import type { Logger } from '../ports/logger.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { HostedReplies, TextToAnswer } from '../ports/hosted-replies.js';
import { HOSTED_TEXT_ORIGIN } from '../../domain/audit-event.js';
import type { OutgoingText, TextSender } from '../ports/text-sender.js';
import { endpointFor } from '../webhooks/outbox.js';

export interface HostedSmsResponderDeps {
  readonly uow: UnitOfWork;
  /** Null: no model is configured; texts stay unanswered (logged). */
  readonly model: LanguageModel | null;
  readonly sendSms: TextSender;
  readonly logger: Logger;
  /** Runs the agents' custom HTTP tools; absent: texts are answered without them. */
  readonly tools?: CustomToolRunner;
}

/** Rounds of custom tool calls one reply may make before it must answer. */
const MAX_TOOL_ROUNDS = 3;

/** History when the agent has no webhook whose `contextLimit` says otherwise. */
export const DEFAULT_SMS_CONTEXT = 10;

interface Thread {
  readonly agent: Agent;
  readonly conversation: Conversation;
  /** Oldest first, ending with the texts being answered. */
  readonly messages: readonly Message[];
  /** The newest of them. */
  readonly newest: Message;
  /** Signs the agent's tool requests (its webhook's secret); null: unsigned. */
  readonly secret: string | null;
}

/** The replies of one conversation, in turn. */
interface Queue {
  tail: Promise<void>;
  /** The newest text a reply of this queue already answered: texts since came in while it was written. */
  answeredUpTo: Date | null;
}

/**
 * Hosted mode for texts: the language model answers an inbound text from the agent's system
 * prompt, the thread's recent messages (the webhook's `contextLimit`, else 10) and its
 * `conversationState`; the reply goes out through the {@link TextSender} (SendSms) from the same number.
 * It runs after the inbound unit of work committed, off the carrier's request. Replies of one
 * conversation take turns; a text already followed by a newer one is left to that one's
 * reply, which sees both. A failing or missing model leaves the text unanswered (logged).
 */
export class HostedSmsResponder implements HostedReplies {
  private readonly queues = new Map<string, Queue>();
  private readonly closing = new AbortController();
  private readonly log: Logger;

  constructor(private readonly deps: HostedSmsResponderDeps) {
    this.log = deps.logger.child({ component: 'hosted-sms' });
  }

  replyTo(text: TextToAnswer): void {
    if (this.closing.signal.aborted) return;
    const queue = this.queues.get(text.conversationId) ?? { tail: Promise.resolve(), answeredUpTo: null };
    const next = queue.tail
      .then(() => this.reply(text, queue))
      .catch((error: unknown) => this.log.error({ ...text, err: String(error) }, 'the hosted reply failed'))
      .finally(() => {
        if (queue.tail === next) this.queues.delete(text.conversationId);
      });
    queue.tail = next;
    this.queues.set(text.conversationId, queue);
  }

  /** Resolves once every reply handed over so far is sent or given up. */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()].map((queue) => queue.tail));
  }

  /** Stops the replies in flight and takes no more. */
  async close(): Promise<void> {
    this.closing.abort('closing');
    await this.settled();
  }

  private async reply(text: TextToAnswer, queue: Queue): Promise<void> {
    const log = this.log.child({ conversationId: text.conversationId, messageId: text.messageId });
    const thread = await this.load(text, queue.answeredUpTo);
    if (!thread) return;
    if (!this.deps.model) {
      log.warn({ agentId: thread.agent.id }, 'hosted text not answered: no language model is configured (set LLM_BASE_URL and LLM_MODEL)');
      return;
    }
    let answer = await this.answer(thread, log);
    answer = answer.trim();
    if (this.closing.signal.aborted) return;
    if (answer === '') {
      log.warn({ agentId: thread.agent.id }, 'hosted text not answered: the model said nothing');
      return;
    }
    const { conversation } = thread;
    const sent = await this.deps.sendSms.execute({
      projectId: conversation.projectId,
      agentId: thread.agent.id,
      to: conversation.participant,
      body: answer,
      mediaUrls: [],
      numberId: conversation.phoneNumberId,
      fromNumber: null,
      origin: HOSTED_TEXT_ORIGIN,
    })();
    if (E.isLeft(sent)) log.warn({ agentId: thread.agent.id, error: sent.left }, 'the hosted reply could not be sent');
    queue.answeredUpTo = thread.newest.receivedAt;
  }

  /**
   * The model's reply; custom tools it calls are run (signed, with the thread's variables) and
   * their results handed back, for a few rounds at most.
   */
  private async answer(thread: Thread, log: Logger): Promise<string> {
    const model = this.deps.model!;
    const tools = this.deps.tools ? customToolDefinitions(thread.agent) : [];
    let messages = chatOf(thread);
    const { conversation } = thread;
    const variables = { caller_number: conversation.participant, agent_number: conversation.phoneNumber, now: new Date().toISOString() };
    for (let round = 1; ; round++) {
      let text = '';
      const calls: ToolCall[] = [];
      const offered = round <= MAX_TOOL_ROUNDS ? tools : [];
      await model.stream({ messages, tools: offered, signal: this.closing.signal }, (chunks) => {
        for (const chunk of chunks) {
          if (chunk.type === 'text') text += chunk.delta;
          else calls.push(chunk.call);
        }
      });
      if (calls.length === 0 || this.closing.signal.aborted) return text;
      const results = await Promise.all(
        calls.map(async (call) => {
          const tool = thread.agent.customTools.find((t) => t.name === call.name);
          if (!tool) return { toolCallId: call.id, content: `Refused: there is no tool named ${call.name}.` };
          const result = await this.deps.tools!.run(tool, call.arguments, {
            requestId: `${thread.newest.id}.${round}.${call.id}`,
            variables,
            secret: thread.secret,
          });
          log.info({ tool: call.name, outcome: result.outcome }, 'a hosted text called a custom tool');
          return { toolCallId: call.id, content: result.content };
        }),
      );
      messages = [
        ...messages,
        { role: 'assistant', content: text, toolCalls: calls },
        ...results.map((r): ChatMessage => ({ role: 'tool', toolCallId: r.toolCallId, content: r.content })),
      ];
    }
  }

  /** The thread to answer, or null when there is nothing (left) to answer. */
  private async load(text: TextToAnswer, answeredUpTo: Date | null): Promise<Thread | null> {
    const loaded = await this.deps.uow.transaction(async (tx) => {
      const conversation = await tx.conversations.findById(text.projectId, text.conversationId);
      const agent = conversation?.agentId ? await tx.agents.findById(text.projectId, conversation.agentId) : null;
      if (!conversation || !agent || agent.voiceMode !== 'hosted') return E.right(null);
      const webhook = await endpointFor(tx, text.projectId, agent.id);
      const limit = webhook?.contextLimit ?? DEFAULT_SMS_CONTEXT;
      const recent = await tx.messages.listByConversation(conversation.id, { limit: limit + 1, before: null, after: null });
      const chronological = [...recent.items].reverse();
      const newestInbound = chronological.filter((m) => m.direction === 'inbound').at(-1);
      // A newer text came in meanwhile: its reply answers this one too.
      if (!newestInbound || newestInbound.id !== text.messageId) return E.right(null);
      // Texts that came in while the last reply was being written go after it: they are what is answered now.
      const unanswered = (m: Message) => m.direction === 'inbound' && answeredUpTo !== null && m.receivedAt > answeredUpTo;
      const messages = [...chronological.filter((m) => !unanswered(m)), ...chronological.filter(unanswered)];
      return E.right({ agent, conversation, messages, newest: newestInbound, secret: webhook?.secret ?? null });
    });
    return E.isRight(loaded) ? loaded.right : null;
  }
}

const chatOf = ({ agent, conversation, messages }: Thread): ChatMessage[] => {
  const context = [
    `You are "${agent.name}", texting by SMS with ${conversation.participant} from ${conversation.phoneNumber}.`,
    'Reply with the text of one short message: plain text, no markdown, ideally under 320 characters.',
    conversation.state ? `What is known about this conversation (conversationState): ${JSON.stringify(conversation.state)}` : null,
  ].filter((line) => line !== null);
  return [
    { role: 'system', content: `${agent.systemPrompt?.trim() || 'You are a helpful assistant.'}\n\n${context.join('\n')}` },
    ...messages.map((m): ChatMessage => ({ role: m.direction === 'inbound' ? 'user' : 'assistant', content: m.body })),
  ];
};
