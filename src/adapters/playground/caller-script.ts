/**
 * The playground's caller side of a web call: on the simulated carrier the page itself is the
 * caller, over the server's WebSocket (typed, or spoken where the browser has the Web Speech
 * API, the answers read aloud if asked); on Twilio the Voice JS SDK, loaded from
 * `twilioSdkPath` below the base path, holds the microphone and speaker.
 *
 * A piece of the playground page's script: it runs inside the page's own function, with its
 * `$`, `api`, `base`, `state`, `status` and `inCall`, under the same nonce.
 */
export const callerScript = (twilioSdkPath: string): string => /* js */ String.raw`
  var speak = function (text) {
    if (!$('speak-answers').checked || !window.speechSynthesis || !text) return;
    var utterance = new SpeechSynthesisUtterance(text);
    window.speechSynthesis.speak(utterance);
  };

  var joinSimulated = function (callId, token) {
    $('carrier').textContent = 'Simulated carrier: this page is the caller (type, or speak where the browser can).';
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    var socket = new WebSocket(scheme + location.host + base + '/simulated/web-call?token=' + encodeURIComponent(token));
    state.socket = socket;
    socket.onopen = function () { status('In call. Say something.'); inCall(true); $('say').focus(); };
    socket.onmessage = function (message) {
      var frame = JSON.parse(message.data);
      if (frame.type === 'text') {
        state.answer += frame.token;
        $('agent-said').textContent = state.answer;
        if (frame.last) { speak(state.answer); state.answer = ''; }
      } else if (frame.type === 'end') {
        status('The agent ended the call.');
      }
    };
    socket.onclose = function () { if (state.callId === callId) inCall(false); };
    socket.onerror = function () { status('The call connection failed.', true); };
  };

  var joinTwilio = function (token) {
    $('carrier').textContent = 'Twilio: the call runs through the Twilio Voice JS SDK (microphone and speaker).';
    var sdk = base + ${JSON.stringify(twilioSdkPath)};
    var start = function () {
      state.device = new window.Twilio.Device(token);
      return state.device.connect().then(function (call) {
        state.twilioCall = call;
        call.on('disconnect', function () { inCall(false); });
        status('In call: speak into your microphone.');
        inCall(true);
      });
    };
    if (window.Twilio && window.Twilio.Device) return start();
    var script = document.createElement('script');
    script.src = sdk;
    script.onload = function () { start().catch(function (error) { status(error.message, true); }); };
    script.onerror = function () { status('Could not load the Twilio Voice SDK from ' + sdk, true); };
    document.head.appendChild(script);
  };

  var say = function (text) {
    text = text.trim();
    if (text && state.answered) {
      api('POST', '/playground/simulated/calls/' + encodeURIComponent(state.callId) + '/say', { text: text })
        .catch(function (error) { status(error.message, true); });
      return;
    }
    if (!text || !state.socket || state.socket.readyState !== 1) return;
    if (window.speechSynthesis) window.speechSynthesis.cancel();
    state.socket.send(JSON.stringify({ type: 'prompt', voicePrompt: text, last: true }));
  };

  $('say-form').addEventListener('submit', function (event) {
    event.preventDefault();
    say($('say').value);
    $('say').value = '';
  });

  var Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  if (Recognition) {
    var recognition = new Recognition();
    recognition.lang = 'en-US';
    recognition.interimResults = false;
    recognition.onresult = function (event) {
      var result = event.results[event.results.length - 1];
      if (result.isFinal) say(result[0].transcript);
    };
    recognition.onend = function () { $('mic').textContent = 'Speak'; };
    $('mic').hidden = false;
    $('mic').addEventListener('click', function () {
      $('mic').textContent = 'Listening…';
      recognition.start();
    });
  }
`;
