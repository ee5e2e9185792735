import { Migration } from '@mikro-orm/migrations';

/**
 * The web-call credentials Switchboard makes at the carrier itself (Twilio: an API key and a
 * TwiML App), one set per carrier account. The key's secret is stored sealed, never in clear.
 */
export class Migration20261121074000_web_call_credentials extends Migration {
  override up(): void {
    this.addSql(`create table web_call_credentials (
      account text collate "C" primary key,
      key_id text not null,
      sealed_secret text not null,
      application_id text not null,
      voice_url text not null,
      created_at timestamptz not null
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists web_call_credentials');
  }
}
