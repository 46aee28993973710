-- Issue 12, decision 038: every signed-in request checks its user's row (plugins/auth.ts). On PGlite the server keeps
-- those rows in memory (lib/session-cache.ts) and forgets one when PostgreSQL announces on channel 'sesiones' that
-- what the check reads of it has changed: the id, username, e-mail, role, active flag and token version of the
-- user, and the supervisor of the seller. Triggers announce it, so every writer is covered (services, seeds, a
-- statement typed by hand); the announcement leaves with the COMMIT, never with a rolled-back change.
-- Written by hand (custom migration).
CREATE FUNCTION avisar_cambio_de_sesion() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sesiones', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER usuarios_aviso_sesion_cambio AFTER UPDATE ON usuarios FOR EACH ROW
  WHEN ((OLD.id, OLD.username, OLD.email, OLD.rol, OLD.is_active, OLD.token_version)
    IS DISTINCT FROM (NEW.id, NEW.username, NEW.email, NEW.rol, NEW.is_active, NEW.token_version))
  EXECUTE FUNCTION avisar_cambio_de_sesion();
--> statement-breakpoint
CREATE TRIGGER usuarios_aviso_sesion_baja AFTER DELETE ON usuarios FOR EACH ROW
  EXECUTE FUNCTION avisar_cambio_de_sesion();
--> statement-breakpoint
CREATE TRIGGER vendedores_aviso_sesion_alta_baja AFTER INSERT OR DELETE ON vendedores FOR EACH ROW
  EXECUTE FUNCTION avisar_cambio_de_sesion();
--> statement-breakpoint
CREATE TRIGGER vendedores_aviso_sesion_supervisor AFTER UPDATE ON vendedores FOR EACH ROW
  WHEN ((OLD.id, OLD.supervisor_id) IS DISTINCT FROM (NEW.id, NEW.supervisor_id))
  EXECUTE FUNCTION avisar_cambio_de_sesion();
