-- A review shows its reviewer's name, or nothing when the name is the email's local part
-- (reviews.queries' reviewer column), on the provider's reviews and the cached profile page. Reviewers
-- are clients, never listed, so migration 0016's users trigger let their renames through and the
-- cached replies kept the old name: a change to the name or email of anyone who has written a review
-- now bumps the catalogue version too.
CREATE OR REPLACE FUNCTION catalogue_bump_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE ((o.listed OR n.listed)
          AND (o.name, o.routing_slug, o.avatar_url, o.user_type, o.listed)
            IS DISTINCT FROM (n.name, n.routing_slug, n.avatar_url, n.user_type, n.listed))
        OR ((o.name, o.email) IS DISTINCT FROM (n.name, n.email)
          AND EXISTS (SELECT 1 FROM reviews r WHERE r.client_id = n.id))
    ) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM old_rows WHERE listed) THEN
    RETURN NULL;
  END IF;
  PERFORM catalogue_bump_version();
  RETURN NULL;
END $$;
