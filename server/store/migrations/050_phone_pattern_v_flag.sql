-- Issue 69: the phone field the seed gave the video consultation service had the pattern ^[+0-9 ()-]{6,20}$,
-- which browsers compile with the `v` flag, where `(`, `)` and `-` in a class must be escaped: it did not
-- compile, and the field accepted anything. Databases seeded before the fix get the escaped pattern (the
-- one seed-content.ts gives new ones); a form an operator wrote is left as it is.
UPDATE services
SET form = (
  SELECT jsonb_agg(
    CASE
      WHEN field->>'pattern' = '^[+0-9 ()-]{6,20}$'
        THEN jsonb_set(field, '{pattern}', to_jsonb('^[+0-9 \(\)\-]{6,20}$'::text))
      ELSE field
    END
    ORDER BY position
  )
  FROM jsonb_array_elements(form) WITH ORDINALITY AS fields(field, position)
)
WHERE jsonb_typeof(form) = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(form) AS f(field) WHERE field->>'pattern' = '^[+0-9 ()-]{6,20}$');
