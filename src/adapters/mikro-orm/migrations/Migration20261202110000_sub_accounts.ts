import { Migration } from '@mikro-orm/migrations';

/**
 * Sub-accounts: a project may have a parent (one level: a parent is a top-level project) and a
 * balance mode, own or shared with the parent. A sub-account carries its parent's owner address,
 * so the one-project-per-mailbox rule holds among top-level projects only.
 */
export class Migration20261202110000_sub_accounts extends Migration {
  override up(): void {
    this.addSql('alter table projects add column parent_id text collate "C" null');
    this.addSql('alter table projects add column balance_mode text null');
    this.addSql('alter table projects add constraint projects_parent_id_foreign foreign key (parent_id) references projects (id)');
    this.addSql(`alter table projects add constraint projects_balance_mode_check
      check ((parent_id is null and balance_mode is null) or (parent_id is not null and balance_mode in ('own', 'shared')))`);
    this.addSql('alter table projects drop constraint projects_email_unique');
    this.addSql('create unique index projects_email_unique on projects (email) where parent_id is null');
    // A parent's list of its sub-accounts, oldest first.
    this.addSql('create index projects_parent_index on projects (parent_id, created_at, id) where parent_id is not null');
  }

  override down(): void {
    this.addSql('drop index if exists projects_parent_index');
    this.addSql('delete from projects where parent_id is not null');
    this.addSql('drop index if exists projects_email_unique');
    this.addSql('alter table projects add constraint projects_email_unique unique (email)');
    this.addSql('alter table projects drop constraint if exists projects_balance_mode_check');
    this.addSql('alter table projects drop constraint if exists projects_parent_id_foreign');
    this.addSql('alter table projects drop column if exists balance_mode');
    this.addSql('alter table projects drop column if exists parent_id');
  }
}
