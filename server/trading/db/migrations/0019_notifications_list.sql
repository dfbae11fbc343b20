CREATE INDEX "notifications_user" ON "notifications" USING btree ("user_id","id");
