import type { Kysely } from 'kysely';
import { execScript } from '../exec-script.ts';

// Change tracking for the in-process catalogue read model and search index (docs/architecture.md: in-process
// structures are derived from the database and refreshed by a polled version). Every product / variant insert or
// update takes a number from catalogue_change_seq, so any instance can fetch just the rows changed since it last
// looked, whoever changed them (the cart taking stock, a price edit, plain SQL). Structural changes (brands,
// categories, deletions) bump catalogue_structure_seq (full rebuild); offers, coupons, bank offers and freebies
// bump catalogue_content_seq (reload of those small tables).
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    CREATE SEQUENCE catalogue_change_seq;
    CREATE SEQUENCE catalogue_structure_seq;
    CREATE SEQUENCE catalogue_content_seq;
    ALTER TABLE products ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('catalogue_change_seq');
    ALTER TABLE variants ADD COLUMN change_seq bigint NOT NULL DEFAULT nextval('catalogue_change_seq');
    CREATE INDEX products_change_seq_idx ON products(change_seq);
    CREATE INDEX variants_change_seq_idx ON variants(change_seq);
    CREATE FUNCTION catalogue_row_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.change_seq := nextval('catalogue_change_seq'); RETURN NEW; END $$;
    CREATE TRIGGER products_catalogue_touch BEFORE UPDATE ON products FOR EACH ROW EXECUTE FUNCTION catalogue_row_touch();
    CREATE TRIGGER variants_catalogue_touch BEFORE UPDATE ON variants FOR EACH ROW EXECUTE FUNCTION catalogue_row_touch();
    CREATE FUNCTION catalogue_structure_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('catalogue_structure_seq'); RETURN NULL; END $$;
    CREATE TRIGGER brands_structure_touch AFTER INSERT OR UPDATE OR DELETE ON brands FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_touch();
    CREATE TRIGGER categories_structure_touch AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_touch();
    CREATE TRIGGER importers_structure_touch AFTER INSERT OR UPDATE OR DELETE ON importers FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_touch();
    CREATE TRIGGER certificates_structure_touch AFTER INSERT OR UPDATE OR DELETE ON brand_certificates FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_touch();
    CREATE TRIGGER products_structure_touch AFTER DELETE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_touch();
    CREATE TRIGGER variants_structure_touch AFTER DELETE ON variants FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_touch();
    CREATE FUNCTION catalogue_content_touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM nextval('catalogue_content_seq'); RETURN NULL; END $$;
    CREATE TRIGGER offers_content_touch AFTER INSERT OR UPDATE OR DELETE ON offers FOR EACH STATEMENT EXECUTE FUNCTION catalogue_content_touch();
    CREATE TRIGGER coupons_content_touch AFTER INSERT OR UPDATE OR DELETE ON coupons FOR EACH STATEMENT EXECUTE FUNCTION catalogue_content_touch();
    CREATE TRIGGER bank_offers_content_touch AFTER INSERT OR UPDATE OR DELETE ON bank_offers FOR EACH STATEMENT EXECUTE FUNCTION catalogue_content_touch();
    CREATE TRIGGER freebies_content_touch AFTER INSERT OR UPDATE OR DELETE ON freebies FOR EACH STATEMENT EXECUTE FUNCTION catalogue_content_touch();
    CREATE INDEX offers_kind_idx ON offers(kind, position);
  `,
  );
}
