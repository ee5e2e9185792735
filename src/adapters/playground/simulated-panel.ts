/**
 * The playground's Simulated carrier panel, shown when the server runs on the simulated
 * carrier: the other party of texts (a text to one of the project's numbers, and the agent's
 * reply, or why none came) and of outbound calls the agents placed (answering, speaking on and
 * hanging up, through `{base}/playground/simulated/…`, see src/adapters/rest/simulated-carrier-routes.ts).
 *
 * The markup and script are pieces of the playground page: the script runs inside the page's
 * own function, with its `$`, `api`, `state`, `follow`, `inCall` and `status`, under the same nonce.
 */

/** The simulated carrier's panel: the other party of texts and outbound calls. */
export const SIMULATED_PANEL = /* html */ `<section class="spaced" id="simulated-carrier">
      <h2>3 &middot; Simulated carrier</h2>
      <form id="text-form">
        <label for="text-number">Text one of your numbers</label>
        <select id="text-number" disabled><option value="">Load the agents first</option></select>
        <label for="text-from">From</label>
        <input id="text-from" type="text" value="+14155550123" autocomplete="off">
        <label for="text-body">Message</label>
        <div class="row"><input id="text-body" type="text" placeholder="Do you have a table tonight?" autocomplete="off">
        <button id="send-text" type="submit" disabled>Text</button></div>
      </form>
      <ul id="texts" class="plain" aria-live="polite"></ul>
      <div id="text-status" class="hint" role="status"></div>
      <label>Outbound calls placed by your agents</label>
      <div class="row"><button id="load-outbound" class="secondary" disabled>Ringing calls</button></div>
      <ul id="outbound" class="plain"></ul>
    </section>`;

export const SIMULATED_SCRIPT = /* js */ `
  // The simulated carrier's other party: texts in, outbound calls answered and hung up.
  var loadNumbers = function () {
    return api('GET', '/v1/numbers?limit=100').then(function (page) {
      var select = $('text-number');
      select.innerHTML = '';
      page.data.forEach(function (number) {
        var option = document.createElement('option');
        option.value = number.id;
        option.textContent = number.phoneNumber;
        select.appendChild(option);
      });
      select.disabled = page.data.length === 0;
      $('send-text').disabled = page.data.length === 0;
      $('load-outbound').disabled = false;
    });
  };

  // The text panel's own status line: what a text does is no news of the call.
  var textStatus = function (text, error) { $('text-status').textContent = text; $('text-status').className = 'hint' + (error ? ' error' : ''); };

  var showThread = function (messages) {
    var list = $('texts');
    list.innerHTML = '';
    messages.slice().reverse().forEach(function (message) {
      var item = document.createElement('li');
      item.dataset.direction = message.direction;
      var text = document.createElement('span');
      text.textContent = (message.direction === 'inbound' ? 'Texter: ' : 'Agent: ') + message.body;
      item.appendChild(text);
      list.appendChild(item);
    });
  };

  // Why a text has no reply, from what the API holds: null while a reply may still come.
  var whyNoReply = function (conversationId, messageId, final) {
    var hookFix = function (agentId) {
      return 'To fix: set a webhook that replies with POST /v1/messages: POST /v1/agents/' + agentId + '/webhook, or POST /v1/webhooks for the whole account.';
    };
    return api('GET', '/v1/conversations/' + encodeURIComponent(conversationId)).then(function (conversation) {
      var agentId = conversation.agentId;
      if (!agentId) return 'No reply: the number has no agent.';
      var agent = state.agents[agentId];
      if (agent && agent.voiceMode === 'hosted') {
        if (!hostedModel) return 'No reply: the agent is hosted and this server has no language model. To fix: set LLM_BASE_URL (and LLM_MODEL) and restart.';
        return final ? 'No reply: the language model did not answer the text. To fix: check that the model server at LLM_BASE_URL is running and reachable; the server log says why.' : null;
      }
      var path = '/v1/agents/' + encodeURIComponent(agentId);
      return Promise.all([api('GET', path + '/webhook/deliveries'), api('GET', path + '/webhook'), api('GET', '/v1/webhooks')]).then(function (found) {
        var delivery = found[0].filter(function (d) { return d.messageId === messageId; })[0];
        if (!delivery && !found[1] && !found[2]) return 'No reply: the agent is in webhook mode and no webhook is configured for the agent or the account, so the text was sent nowhere. ' + hookFix(agentId);
        if (delivery && delivery.status !== 'success' && (delivery.httpStatus !== null || delivery.errorMessage)) {
          return 'No reply: the webhook failed (' + (delivery.errorMessage || ('HTTP ' + delivery.httpStatus)) + '); it is retried on the schedule. To fix: check that the webhook server is running, reachable and answers 2xx.';
        }
        return final ? 'No reply yet: the webhook took the text; a webhook agent replies with POST /v1/messages.' : null;
      });
    });
  };

  // The agent's reply is a request of its own, moments later: read the thread until it is there,
  // or until what the API holds says none will come.
  var followThread = function (conversationId, messageId, sentAt, triesLeft) {
    return api('GET', '/v1/conversations/' + encodeURIComponent(conversationId) + '/messages?limit=20').then(function (slice) {
      showThread(slice.data);
      var replied = slice.data.some(function (m) { return m.direction === 'outbound' && Date.parse(m.receivedAt) >= sentAt; });
      if (replied) return textStatus('The agent replied.');
      var look = triesLeft <= 0 || triesLeft % 5 === 0 ? whyNoReply(conversationId, messageId, triesLeft <= 0) : Promise.resolve(null);
      return look.then(function (why) {
        if (why) return textStatus(why, true);
        return new Promise(function (resolve) { setTimeout(resolve, 400); }).then(function () { return followThread(conversationId, messageId, sentAt, triesLeft - 1); });
      });
    });
  };

  var sendText = function (event) {
    event.preventDefault();
    var body = $('text-body').value.trim();
    if (!body) return;
    textStatus('Texting…');
    api('POST', '/playground/simulated/texts', { numberId: $('text-number').value, from: $('text-from').value.trim(), body: body }).then(function (sent) {
      $('text-body').value = '';
      return api('GET', '/v1/conversations/' + encodeURIComponent(sent.conversationId) + '/messages?limit=1').then(function (slice) {
        var sentAt = slice.data.length ? Date.parse(slice.data[0].receivedAt) : Date.now();
        return followThread(sent.conversationId, sent.messageId, sentAt, 50);
      });
    }).catch(function (error) { textStatus(error.message, true); });
  };

  var loadOutbound = function () {
    return api('GET', '/v1/calls?direction=outbound&status=in-progress&limit=20').then(function (page) {
      var list = $('outbound');
      list.innerHTML = '';
      if (page.data.length === 0) {
        var none = document.createElement('li');
        none.textContent = 'No outbound call is ringing (place one with POST /v1/calls).';
        list.appendChild(none);
      }
      page.data.forEach(function (call) {
        var item = document.createElement('li');
        item.dataset.callId = call.id;
        var label = document.createElement('span');
        label.textContent = call.fromNumber + ' → ' + call.toNumber;
        var answer = document.createElement('button');
        answer.className = 'small answer';
        answer.textContent = 'Answer';
        answer.addEventListener('click', function () { answerOutbound(call.id); });
        var machine = document.createElement('button');
        machine.className = 'small secondary answer-machine';
        machine.textContent = 'Voicemail';
        machine.title = 'Answer as an answering machine: the agent leaves its voicemail message, or hangs up';
        machine.addEventListener('click', function () { answerAsMachine(call.id); });
        var hangUp = document.createElement('button');
        hangUp.className = 'small secondary hang-up-outbound';
        hangUp.textContent = 'Hang up';
        hangUp.addEventListener('click', function () { hangUpOutbound(call.id); });
        item.appendChild(label);
        item.appendChild(answer);
        item.appendChild(machine);
        item.appendChild(hangUp);
        list.appendChild(item);
      });
    }).catch(function (error) { status(error.message, true); });
  };

  var answerOutbound = function (callId) {
    resetCall();
    state.callId = callId;
    $('call-id').textContent = callId;
    $('carrier').textContent = 'Simulated carrier: you are the person the agent called (type your answers).';
    api('POST', '/playground/simulated/calls/' + encodeURIComponent(callId) + '/answer').then(function () {
      state.answered = true;
      follow(callId);
      inCall(true);
      status('In call (you answered). Say something.');
      $('say').focus();
      return loadOutbound();
    }).catch(function (error) { status(error.message, true); });
  };

  var answerAsMachine = function (callId) {
    api('POST', '/playground/simulated/calls/' + encodeURIComponent(callId) + '/answer-as-machine').then(function () {
      status('Answered as an answering machine: the agent leaves its voicemail message, or hangs up.');
      return loadOutbound();
    }).catch(function (error) { status(error.message, true); });
  };

  var hangUpOutbound = function (callId) {
    api('POST', '/playground/simulated/calls/' + encodeURIComponent(callId) + '/hang-up').then(function () {
      if (state.callId === callId) { state.answered = false; inCall(false); }
      status('Hung up.');
      return loadOutbound();
    }).catch(function (error) { status(error.message, true); });
  };

`;
