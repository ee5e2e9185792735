/**
 * The playground's agent form: the chosen agent's conversation settings (turn-taking,
 * transcription, voice, languages; see docs/conversation-quality.md) and how it searches its
 * knowledge bases (docs/knowledge.md), filled from the agent
 * read when the agent is chosen and saved with PATCH /v1/agents/{id}. A refusal (422) shows the
 * API's message, naming the field; `unsupported` shows what this server cannot honour.
 *
 * Markup, style and script are pieces of the playground page: the script runs inside the page's
 * own function, with its `$`, `api`, `state` and `status`, under the same nonce.
 */
import {
  AMBIENT_SOUNDS,
  CONVERSATION_LIMITS,
  DENOISING_MODES,
  INTERRUPTIBLE_BY,
  MODEL_TIERS,
  STT_MODES,
} from '../../domain/conversation-settings.js';
import { KNOWLEDGE_RETRIEVALS } from '../../domain/knowledge-retrieval.js';

/** How a field is shown and read: a number (empty: null where the field takes null), a box, a choice, lines of text. */
type FieldKind = 'number' | 'optional-number' | 'boolean' | 'choice' | 'optional-choice' | 'lines' | 'languages';

interface FormField {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly choices?: readonly string[];
  readonly range?: { readonly min: number; readonly max: number; readonly step: number };
}

export const AGENT_FORM_FIELDS: readonly FormField[] = [
  { name: 'interruptionSensitivity', label: 'Interruption sensitivity (0–1)', kind: 'number', range: { ...CONVERSATION_LIMITS.interruptionSensitivity, step: 0.05 } },
  { name: 'enableBackchannel', label: 'Ignore the caller’s “uh-huh” while speaking', kind: 'boolean' },
  { name: 'denoisingMode', label: 'Noise reduction', kind: 'optional-choice', choices: DENOISING_MODES },
  { name: 'sttMode', label: 'Transcription', kind: 'choice', choices: STT_MODES },
  { name: 'voiceSpeed', label: 'Voice speed (ElevenLabs voices, 0.7–1.2)', kind: 'optional-number', range: { ...CONVERSATION_LIMITS.voiceSpeed, step: 0.05 } },
  { name: 'modelTier', label: 'Model tier (hosted)', kind: 'choice', choices: MODEL_TIERS },
  { name: 'enableMessaging', label: 'May text the caller during the call (hosted)', kind: 'boolean' },
  { name: 'endOfTurnTimeoutMs', label: 'End of turn after silence (ms)', kind: 'optional-number', range: { ...CONVERSATION_LIMITS.endOfTurnTimeoutMs, step: 50 } },
  { name: 'hints', label: 'Hints (one phrase a line)', kind: 'lines' },
  { name: 'interruptible', label: 'Interruptible by', kind: 'choice', choices: INTERRUPTIBLE_BY },
  { name: 'greetingInterruptible', label: 'Greeting interruptible by', kind: 'choice', choices: INTERRUPTIBLE_BY },
  { name: 'profanityFilter', label: 'Profanity filter', kind: 'boolean' },
  { name: 'languages', label: 'Other languages (a line each: code voice [provider model])', kind: 'languages' },
  { name: 'ambientSound', label: 'Ambient sound', kind: 'choice', choices: AMBIENT_SOUNDS },
  { name: 'knowledgeRetrieval', label: 'Knowledge bases searched (hosted)', kind: 'choice', choices: KNOWLEDGE_RETRIEVALS },
];

const idOf = (field: FormField): string => `agent-${field.name}`;

const control = (field: FormField): string => {
  const id = idOf(field);
  switch (field.kind) {
    case 'boolean':
      return `<label class="inline"><input id="${id}" type="checkbox"> ${field.label}</label>`;
    case 'choice':
    case 'optional-choice': {
      const none = field.kind === 'optional-choice' ? '<option value="">none</option>' : '';
      const options = (field.choices ?? []).map((choice) => `<option value="${choice}">${choice}</option>`).join('');
      return `<label for="${id}">${field.label}</label><select id="${id}">${none}${options}</select>`;
    }
    case 'lines':
    case 'languages':
      return `<label for="${id}">${field.label}</label><textarea id="${id}" rows="2"></textarea>`;
    default: {
      const range = field.range ? ` min="${field.range.min}" max="${field.range.max}" step="${field.range.step}"` : '';
      return `<label for="${id}">${field.label}</label><input id="${id}" type="number"${range}>`;
    }
  }
};

export const AGENT_FORM_STYLE = /* css */ `
  #agent-settings summary { cursor: pointer; font-size: 13px; color: var(--accent); margin-top: 12px; }
  #agent-settings textarea, #agent-settings input[type=number] { width: 100%; padding: 6px 8px; border: 1px solid var(--line); border-radius: 6px; font: inherit; font-size: 13px; }
  #agent-settings label.inline { display: block; margin-top: 8px; font-size: 13px; }
`;

export const AGENT_FORM = /* html */ `<details id="agent-settings">
        <summary>Conversation settings</summary>
        ${AGENT_FORM_FIELDS.map(control).join('\n        ')}
        <div class="row"><button id="agent-save" class="small" disabled>Save settings</button></div>
        <div id="agent-unsupported" class="hint"></div>
      </details>`;

/** Fills the form from the agent read on a change of agent, and saves it as one PATCH. */
export const AGENT_FORM_SCRIPT = /* js */ `
  var agentFields = ${JSON.stringify(AGENT_FORM_FIELDS.map(({ name, kind }) => ({ name, kind })))};
  var showUnsupported = function (agent) {
    $('agent-unsupported').textContent = agent && agent.unsupported && agent.unsupported.length > 0
      ? 'Not honoured on this server: ' + agent.unsupported.join(', ') + ' (see docs/conversation-quality.md).' : '';
  };
  var fillAgentForm = function () {
    var agent = state.agents[$('agent').value];
    $('agent-save').disabled = !agent;
    if (!agent) return;
    agentFields.forEach(function (field) {
      var el = $('agent-' + field.name), value = agent[field.name];
      if (field.kind === 'boolean') el.checked = !!value;
      else if (field.kind === 'lines') el.value = (value || []).join('\\n');
      else if (field.kind === 'languages') el.value = (value || []).map(function (l) {
        return [l.code, l.voice].concat(l.transcriptionProvider ? [l.transcriptionProvider, l.speechModel || ''] : []).join(' ').trim();
      }).join('\\n');
      else el.value = value === null || value === undefined ? '' : String(value);
    });
    showUnsupported(agent);
  };
  var readAgentForm = function () {
    var body = {};
    agentFields.forEach(function (field) {
      var el = $('agent-' + field.name), text = String(el.value || '').trim();
      if (field.kind === 'boolean') body[field.name] = !!el.checked;
      else if (field.kind === 'number' || field.kind === 'optional-number') body[field.name] = text === '' ? null : Number(text);
      else if (field.kind === 'optional-choice') body[field.name] = text === '' ? null : text;
      else if (field.kind === 'lines') body[field.name] = text === '' ? [] : text.split('\\n').map(function (line) { return line.trim(); }).filter(Boolean);
      else if (field.kind === 'languages') body[field.name] = text === '' ? [] : text.split('\\n').map(function (line) {
        var parts = line.trim().split(/\\s+/);
        return { code: parts[0], voice: parts[1] || '', transcriptionProvider: parts[2] || null, speechModel: parts[3] || null };
      });
      else body[field.name] = text;
    });
    return body;
  };
  $('agent').addEventListener('change', fillAgentForm);
  $('agent-save').addEventListener('click', function () {
    var agentId = $('agent').value;
    if (!agentId) return;
    status('Saving the settings…');
    api('PATCH', '/v1/agents/' + encodeURIComponent(agentId), readAgentForm()).then(function (agent) {
      state.agents[agent.id] = agent;
      fillAgentForm();
      status('Settings saved.');
    }).catch(function (error) { status(error.message, true); });
  });
`;
