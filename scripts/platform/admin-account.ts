// The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD, else a generated password printed once in the terminal.
/** A domain the login form accepts (a bare 'admin@localhost' is not a valid e-mail there). */
export const LOCAL_ADMIN_EMAIL = 'admin@grupos.local';

export function adminFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return { email: env.ADMIN_EMAIL || LOCAL_ADMIN_EMAIL, password: env.ADMIN_PASSWORD || undefined };
}

/** Print a newly set admin login to the terminal (never to any page). */
export function printAdmin(admin: { email: string; password?: string; created: boolean } | undefined) {
  if (!admin?.password || process.env.ADMIN_PASSWORD) return;
  console.log('\n  Conta de administrador criada para esta base local:');
  console.log(`    e-mail: ${admin.email}`);
  console.log(`    senha:  ${admin.password}`);
  console.log(
    '  Guarde-a agora: ela não será mostrada de novo (npm run admin -- create <email> cria outra).\n',
  );
}
