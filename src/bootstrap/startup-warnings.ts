import type { SwitchboardConfig } from './config.js';

/** Something set (or not) that starts fine but will not work as the operator means it to. */
export interface StartupWarning {
  /** The environment variable to change. */
  readonly setting: string;
  readonly message: string;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/i;

/**
 * What to warn about at start. Twilio reaches this server at PUBLIC_URL for every text and
 * call: without it Switchboard gives Twilio its own loopback address, which Twilio cannot
 * reach; ConversationRelay takes only wss://, so an http:// PUBLIC_URL cannot carry a call.
 */
export const startupWarnings = (config: Pick<SwitchboardConfig, 'twilio' | 'publicUrl'>, derivedPublicUrl: string): StartupWarning[] => {
  if (!config.twilio) return [];
  if (config.publicUrl === null) {
    return [
      {
        setting: 'PUBLIC_URL',
        message:
          `Twilio is configured but PUBLIC_URL is not set: numbers and calls will be given ${derivedPublicUrl}, ` +
          'which Twilio cannot reach. Set PUBLIC_URL to the https address that reaches this server ' +
          '(your domain behind a TLS proxy, or a tunnel such as ngrok or cloudflared).',
      },
    ];
  }
  const url = new URL(config.publicUrl);
  const warnings: StartupWarning[] = [];
  if (url.protocol === 'http:') {
    warnings.push({
      setting: 'PUBLIC_URL',
      message:
        `PUBLIC_URL is ${config.publicUrl}, not https: Twilio's ConversationRelay connects only over wss://, ` +
        'so voice calls will fail, and texts would travel unencrypted. Put a TLS proxy or a tunnel in front and set PUBLIC_URL to its https address.',
    });
  }
  if (LOOPBACK.test(url.hostname)) {
    warnings.push({
      setting: 'PUBLIC_URL',
      message: `PUBLIC_URL is ${config.publicUrl}, a loopback address Twilio cannot reach. Set it to the public address of this server.`,
    });
  }
  return warnings;
};
