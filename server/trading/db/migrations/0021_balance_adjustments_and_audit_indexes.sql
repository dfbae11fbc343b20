ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "bonuses_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_action" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind" CHECK (kind in ('deposit', 'withdrawal', 'realized_pnl', 'ea_purchase', 'bonus_credit', 'negative_balance_correction', 'demo_funding', 'demo_reset', 'correction', 'fee_refund', 'chargeback'));