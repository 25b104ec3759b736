DROP INDEX "products_status_category_idx";--> statement-breakpoint
CREATE INDEX "products_status_name_idx" ON "products" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "products_status_category_name_idx" ON "products" USING btree ("status","category","name","id");