-- audit_row as in 0012, but a create (and a delete) lists only the fields holding a value (no empty
-- texts), and the form_token of an idempotent create is bookkeeping, not a field a person set.
CREATE OR REPLACE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid integer := nullif(current_setting('app.user_id', true), '')::integer;
  old_j jsonb := '{}';
  new_j jsonb := '{}';
  -- Bookkeeping columns no person edits; the tombstone is the action itself.
  skip text[] := array['id', 'created_at', 'updated_at', 'sync_version', 'xact_id', 'deleted_at', 'form_token'];
  -- The table's columns that other documents update as a side effect (a receipt pays a sale):
  -- an update changing only these is not an edit of the record.
  side text[] := coalesce(TG_ARGV::text[], '{}');
  act text;
  diff jsonb;
  rid integer;
  bid integer;
  prior audit_log%ROWTYPE;
BEGIN
  IF uid IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_j := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_j := to_jsonb(NEW); END IF;
  -- A password is never copied: its change shows as a masked value.
  IF (old_j || new_j) ? 'password_hash' THEN
    IF TG_OP <> 'DELETE' AND old_j->>'password_hash' IS DISTINCT FROM new_j->>'password_hash' THEN
      new_j := new_j || '{"password": "********"}';
    END IF;
    old_j := old_j - 'password_hash';
    new_j := new_j - 'password_hash';
  END IF;

  IF TG_OP = 'INSERT' THEN act := 'create';
  ELSIF TG_OP = 'DELETE' OR (old_j->>'deleted_at' IS NULL AND new_j->>'deleted_at' IS NOT NULL) THEN act := 'delete';
  ELSIF old_j->'approved' = 'false' AND new_j->'approved' = 'true' THEN act := 'approve';
  ELSE act := coalesce(nullif(current_setting('app.audit_action', true), ''), 'edit');
  END IF;

  IF act = 'delete' THEN
    SELECT coalesce(jsonb_object_agg(key, jsonb_build_object('old', value, 'new', null)), '{}') INTO diff
      FROM jsonb_each(old_j) WHERE key <> ALL (skip) AND value NOT IN ('null', '""');
  ELSE
    SELECT coalesce(jsonb_object_agg(key, jsonb_build_object('old', old_j->key, 'new', new_j->key)), '{}') INTO diff
      FROM jsonb_object_keys(new_j) key
      WHERE key <> ALL (skip) AND (old_j->key) IS DISTINCT FROM (new_j->key)
        AND NOT (TG_OP = 'INSERT' AND new_j->key IN ('null', '""'));
    IF act <> 'create' AND NOT EXISTS (SELECT 1 FROM jsonb_object_keys(diff) k WHERE k <> ALL (side)) THEN
      RETURN NULL;
    END IF;
  END IF;

  rid := coalesce(new_j->>'id', old_j->>'id')::integer;
  bid := CASE WHEN TG_TABLE_NAME = 'branch' THEN rid ELSE coalesce(new_j->>'branch_id', old_j->>'branch_id')::integer END;

  -- Several writes of one record in one transaction (insert, then its number) make one row.
  SELECT * INTO prior FROM audit_log
    WHERE record_type = TG_TABLE_NAME AND record_id = rid AND xact_id = pg_current_xact_id()
    ORDER BY id DESC LIMIT 1;
  IF FOUND THEN
    UPDATE audit_log SET
      action = CASE WHEN act = 'delete' THEN 'delete' WHEN prior.action = 'create' OR act = 'edit' THEN prior.action ELSE act END,
      changes = (
        SELECT coalesce(jsonb_object_agg(m.key, m.value), '{}') FROM (
          SELECT p.key, p.value FROM jsonb_each(prior.changes) p WHERE NOT diff ? p.key
          UNION ALL
          SELECT d.key, jsonb_build_object(
              'old', CASE WHEN prior.changes ? d.key THEN prior.changes->d.key->'old' ELSE d.value->'old' END,
              'new', d.value->'new')
            FROM jsonb_each(diff) d
        ) m
        WHERE act = 'delete' OR prior.action = 'create' OR m.value->'old' IS DISTINCT FROM m.value->'new')
    WHERE id = prior.id;
  ELSE
    INSERT INTO audit_log (user_id, branch_id, record_type, record_id, action, changes)
      VALUES (uid, bid, TG_TABLE_NAME, rid, act, diff);
  END IF;
  RETURN NULL;
END $$;
