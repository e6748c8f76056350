-- Sessions roll forward with use, but never past 30 days from sign-in (absolute lifetime).
-- Enforced here so every server process and every code path that writes a session obeys it.
CREATE FUNCTION clamp_session_expiry() RETURNS trigger AS $$
BEGIN
  NEW.expires_at := LEAST(NEW.expires_at, NEW.created_at + interval '30 days');
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_absolute_lifetime
  BEFORE INSERT OR UPDATE ON sessions
  FOR EACH ROW EXECUTE FUNCTION clamp_session_expiry();
