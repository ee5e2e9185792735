/**
 * The Campaigns panel's Preview: what the chosen campaign would do with its recipients still to
 * be called (POST /v1/campaigns/{id}/preview), before any call: how many it would dial now, how
 * many it would skip and why, and when each group held by its calling hours opens.
 *
 * A piece of the Campaigns panel: its script runs inside the page's function after the panel's
 * own, with its `$`, `api`, `status` and the panel's `campaigns`.
 */

export const CAMPAIGN_PREVIEW_STYLE = /* css */ `
  #campaign-preview-result { border: 1px dashed var(--line); border-radius: 6px; padding: 8px 10px; margin: 10px 0; }
  #campaign-preview-result dl.counts { grid-template-columns: repeat(6, 1fr); }
  #campaign-preview-waiting { white-space: pre-line; font-size: 13px; }
`;

/** Each count of the preview: its key in the answer (`skipped.` for a skip) and its label. */
const PREVIEW_CELLS = [
  ['willDial', 'To dial now'],
  ['suppressed', 'Suppressed'],
  ['noConsent', 'No consent'],
  ['attemptCap', 'Attempt cap'],
  ['invalidNumber', 'Invalid number'],
  ['scheduleEnded', 'Hours never open'],
]
  .map(([key, label]) => `<div><dt>${label}</dt><dd id="campaign-preview-${key}">–</dd></div>`)
  .join('');

export const CAMPAIGN_PREVIEW_BUTTON = /* html */ `<button id="campaign-preview" class="small secondary">Preview</button>`;

export const CAMPAIGN_PREVIEW_RESULT = /* html */ `<div id="campaign-preview-result" hidden>
          <div class="hint" id="campaign-preview-at"></div>
          <dl class="counts">${PREVIEW_CELLS}</dl>
          <div id="campaign-preview-waiting"></div>
        </div>`;

export const CAMPAIGN_PREVIEW_SCRIPT = /* js */ `
  var PREVIEW_SKIPS = ['suppressed', 'noConsent', 'attemptCap', 'invalidNumber', 'scheduleEnded'];

  /** The lines of the groups held by their calling hours, soonest first. */
  var waitingLines = function (waiting) {
    if (waiting.length === 0) return ['None waiting for their calling hours.'];
    return waiting.map(function (group) {
      return group.count + (group.count === 1 ? ' waits' : ' wait') + ' for their hours, opening ' + new Date(group.opensAt).toLocaleString();
    });
  };

  var showPreview = function (preview) {
    $('campaign-preview-at').textContent = preview.toCall + ' still to call, as of ' + new Date(preview.at).toLocaleString() + ':';
    $('campaign-preview-willDial').textContent = String(preview.willDial);
    PREVIEW_SKIPS.forEach(function (key) { $('campaign-preview-' + key).textContent = String(preview.skipped[key] || 0); });
    $('campaign-preview-waiting').textContent = waitingLines(preview.waiting).join('\\n');
    $('campaign-preview-result').hidden = false;
  };

  var previewCampaign = function () {
    var id = campaigns.selected;
    if (!id) return Promise.resolve();
    var button = $('campaign-preview');
    button.disabled = true;
    return api('POST', '/v1/campaigns/' + encodeURIComponent(id) + '/preview')
      .then(function (preview) { if (campaigns.selected === id) showPreview(preview); })
      .catch(function (error) { status(error.message, true); })
      .then(function () { button.disabled = false; });
  };

  $('campaign-preview').addEventListener('click', previewCampaign);
`;
