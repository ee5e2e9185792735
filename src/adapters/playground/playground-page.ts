/**
 * The browser call playground, served at `{base}/playground` as one self-contained page (no
 * build step, nothing fetched but the API itself and the Twilio SDK copy served next to it;
 * embedded as a string so `dist` has it too). Its inline script and style carry the nonce of
 * the response's Content-Security-Policy: nothing else runs.
 *
 * It asks for an API key, lists the agents (GET /v1/agents), starts a web call
 * (POST /v1/calls/web) and follows the transcript (GET /v1/calls/{id}/transcript/stream, read
 * with fetch because EventSource cannot send the key). The caller's side:
 * - simulated carrier: the server's own browser client, the WebSocket
 *   `{base}/simulated/web-call?token=…` (frames as ConversationRelay: `prompt` in, `text` out);
 *   the caller types, or speaks where the browser has the Web Speech API, and the agent's
 *   answers are shown and, if asked, read aloud (speechSynthesis);
 * - Twilio: the access token is a Voice SDK JWT; the page loads the Twilio Voice JS SDK from
 *   `{base}/playground/twilio-voice-sdk.js` (the installed @twilio/voice-sdk package's bundle)
 *   and calls `new Twilio.Device(token).connect()`: microphone and speaker are the call's audio.
 * On the simulated carrier, a third panel plays the other party of texts and outbound calls
 * (see simulated-panel.ts). A caller turn the agent leaves unanswered (the stream's
 * `unanswered`: no webhook, a failing one, the model…) shows in the transcript with its fix.
 * A hosted agent on a server with no language model gets a warning that says how to add one.
 * Under the agent, its conversation settings in a form of their own (agent-panel.ts).
 * Below, the Tests panel runs the chosen agent's scenario tests (see tests-panel.ts) and the
 * Campaigns panel follows the project's campaigns (see campaigns-panel.ts). The
 * style, the transcript view and the caller's side are pieces of their own (playground-style.ts,
 * transcript-script.ts, caller-script.ts).
 */
import { AGENT_FORM, AGENT_FORM_SCRIPT, AGENT_FORM_STYLE } from './agent-panel.js';
import { CAMPAIGNS_PANEL, CAMPAIGNS_SCRIPT, CAMPAIGNS_STYLE } from './campaigns-panel.js';
import { CAMPAIGN_PREVIEW_SCRIPT } from './campaign-preview-panel.js';
import { TESTS_PANEL, TESTS_SCRIPT, TESTS_STYLE } from './tests-panel.js';
import { SIMULATED_PANEL, SIMULATED_SCRIPT } from './simulated-panel.js';
import { callerScript } from './caller-script.js';
import { PLAYGROUND_STYLE } from './playground-style.js';
import { TRANSCRIPT_SCRIPT } from './transcript-script.js';

export const renderPlaygroundPage = (page: {
  /** The Content-Security-Policy nonce of this response. */
  readonly nonce: string;
  /** Where the Twilio Voice SDK is, below the base path (e.g. `/playground/twilio-voice-sdk.js?v=2.18.5`). */
  readonly twilioSdkPath: string;
  /** The page's icon, relative to the page's own address (so it holds below any base path). */
  readonly faviconPath: string;
  /** The server runs on the simulated carrier: the page shows its controls (texts in, outbound calls answered). */
  readonly simulatedCarrier?: boolean;
  /** A language model is configured (LLM_BASE_URL): without one, the page warns that hosted agents only apologise. */
  readonly hostedModel?: boolean;
}): string => /* html */ String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard playground</title>
<link rel="icon" type="image/svg+xml" href="${page.faviconPath}">
<style nonce="${page.nonce}">
${PLAYGROUND_STYLE}
${CAMPAIGNS_STYLE}
${AGENT_FORM_STYLE}
${TESTS_STYLE}
</style>
</head>
<body>
<header><h1>Switchboard playground</h1><span>Call an agent from the browser</span></header>
<main>
  <div>
    <section>
      <h2>1 &middot; Project</h2>
      <label for="api-key">API key</label>
      <input id="api-key" type="password" placeholder="sk_live_…" autocomplete="off">
      <div class="row"><button id="load-agents">Load agents</button></div>
      <label for="agent">Agent</label>
      <select id="agent" disabled><option value="">Load the agents first</option></select>
      <div id="hosted-warning" class="warning" hidden>This agent is <b>hosted</b>, and this server has no language model:
        every turn gets the apology. Set <code>LLM_BASE_URL</code> (and <code>LLM_MODEL</code>) to any OpenAI-compatible
        server and restart: a local Ollama (<code>LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=llama3.2</code>),
        llama.cpp's or vLLM's server URL, or a hosted one (with <code>LLM_API_KEY</code>).</div>
      ${AGENT_FORM}
    </section>
    <section class="spaced">
      <h2>2 &middot; Call</h2>
      <div class="row">
        <button id="start-call" disabled>Start web call</button>
        <button id="hang-up" class="secondary" disabled>Hang up</button>
      </div>
      <div class="row"><label class="inline"><input id="speak-answers" type="checkbox"> Read the agent's answers aloud</label></div>
      <div id="carrier" class="hint"></div>
      <div id="status" role="status"></div>
    </section>
    ${page.simulatedCarrier ? SIMULATED_PANEL : ''}
  </div>
  <section>
    <h2>Transcript <span id="call-id" class="call-id"></span></h2>
    <ul id="transcript" aria-live="polite"></ul>
    <form id="say-form" class="row">
      <input id="say" type="text" placeholder="Say something as the caller…" autocomplete="off" disabled>
      <button id="send" type="submit" disabled>Send</button>
      <button id="mic" type="button" class="secondary" disabled hidden title="Speak (Web Speech API)">Speak</button>
    </form>
    <h2 class="spaced">Agent</h2>
    <div id="agent-said"></div>
    <h2 class="spaced">Analysis</h2>
    <pre id="analysis" class="hint">Shown after the call, when the agent has post-call analysis on.</pre>
  </section>
  ${TESTS_PANEL}
  ${CAMPAIGNS_PANEL}
</main>
<script nonce="${page.nonce}">
(function () {
  'use strict';
  var base = location.pathname.replace(/\/playground\/?$/, '');
  var hostedModel = ${page.hostedModel ? 'true' : 'false'};
  var simulatedCarrier = ${page.simulatedCarrier ? 'true' : 'false'};
  var $ = function (id) { return document.getElementById(id); };
  var state = { key: '', callId: null, socket: null, device: null, twilioCall: null, stream: null, turns: {}, answer: '', agents: {}, answered: false };

  var status = function (text, error) { $('status').textContent = text; $('status').className = error ? 'error' : ''; };
  var api = function (method, path, body) {
    return fetch(base + path, {
      method: method,
      headers: Object.assign({ Authorization: 'Bearer ' + state.key }, body ? { 'Content-Type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (response) {
      return response.text().then(function (text) {
        var json = text ? JSON.parse(text) : null;
        if (!response.ok) throw new Error((json && json.error && json.error.message) || ('HTTP ' + response.status));
        return json;
      });
    });
  };


  var resetCall = function () {
    if (state.stream) state.stream.abort();
    $('transcript').innerHTML = '';
    $('agent-said').textContent = '';
    state.turns = {};
    state.answer = '';
    state.answered = false;
  };

${page.simulatedCarrier ? SIMULATED_SCRIPT : ''}
${CAMPAIGNS_SCRIPT}
${CAMPAIGN_PREVIEW_SCRIPT}
${AGENT_FORM_SCRIPT}
${TESTS_SCRIPT}
  if (simulatedCarrier) {
    $('text-form').addEventListener('submit', sendText);
    $('load-outbound').addEventListener('click', loadOutbound);
  }

  $('api-key').value = sessionStorage.getItem('switchboard.apiKey') || '';

  $('load-agents').addEventListener('click', function () {
    state.key = $('api-key').value.trim();
    sessionStorage.setItem('switchboard.apiKey', state.key);
    status('Loading agents…');
    api('GET', '/v1/agents?limit=100').then(function (page) {
      var select = $('agent');
      select.innerHTML = '';
      state.agents = {};
      page.data.forEach(function (agent) {
        state.agents[agent.id] = agent;
        var option = document.createElement('option');
        option.value = agent.id;
        option.textContent = agent.name + ' (' + agent.voiceMode + ')';
        select.appendChild(option);
      });
      select.disabled = page.data.length === 0;
      $('start-call').disabled = page.data.length === 0;
      status(page.data.length === 0 ? 'This project has no agents yet.' : page.data.length + ' agent(s).');
      warnIfHostedWithoutModel();
      fillAgentForm();
      if (simulatedCarrier) loadNumbers();
    }).catch(function (error) { status(error.message, true); });
  });

  var warnIfHostedWithoutModel = function () {
    var agent = state.agents[$('agent').value];
    $('hosted-warning').hidden = hostedModel || !agent || agent.voiceMode !== 'hosted';
  };
  $('agent').addEventListener('change', warnIfHostedWithoutModel);

${TRANSCRIPT_SCRIPT}

  var inCall = function (on) {
    var canSay = on && (!!state.socket || state.answered);
    $('say').disabled = !canSay;
    $('send').disabled = !canSay;
    $('mic').disabled = !canSay;
    $('hang-up').disabled = !on;
    $('start-call').disabled = on;
    $('agent').disabled = on;
  };

  // The analysis runs after the call: look a few times, while it is pending.
  var showAnalysis = function (callId, triesLeft) {
    api('GET', '/v1/calls/' + encodeURIComponent(callId)).then(function (call) {
      var analysis = call.analysis;
      if (!analysis) { $('analysis').textContent = 'This agent has no post-call analysis (set analysis: true on it).'; return; }
      if (analysis.status === 'pending' && triesLeft > 0) {
        $('analysis').textContent = 'Analysing…';
        setTimeout(function () { showAnalysis(callId, triesLeft - 1); }, 2000);
        return;
      }
      $('analysis').textContent = JSON.stringify(analysis, null, 2);
    }).catch(function (error) { $('analysis').textContent = error.message; });
  };

  var ended = function (callStatus) {
    status('Call ended' + (callStatus ? ' (' + callStatus + ')' : '') + '.');
    state.answered = false;
    if (state.callId) showAnalysis(state.callId, 30);
    inCall(false);
    if (state.socket && state.socket.readyState <= 1) state.socket.close();
    state.socket = null;
  };

${callerScript(page.twilioSdkPath)}

  $('start-call').addEventListener('click', function () {
    var agentId = $('agent').value;
    if (!agentId) return;
    resetCall();
    status('Calling…');
    api('POST', '/v1/calls/web', { agentId: agentId, metadata: { source: 'playground' } }).then(function (created) {
      state.callId = created.callId;
      $('call-id').textContent = created.callId;
      follow(created.callId);
      // A Twilio access token is a JWT (three parts); the simulated carrier's has two.
      if (created.accessToken.split('.').length === 3) joinTwilio(created.accessToken);
      else joinSimulated(created.callId, created.accessToken);
    }).catch(function (error) { status(error.message, true); });
  });

  $('hang-up').addEventListener('click', function () {
    if (state.answered) return hangUpOutbound(state.callId);
    if (state.socket) state.socket.close();
    if (state.device) state.device.disconnectAll();
    inCall(false);
    status('Hung up.');
  });
})();
</script>
</body>
</html>
`;
