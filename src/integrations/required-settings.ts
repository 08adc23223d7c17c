// A deployed build must carry the company's real registration, address, contact and 'Encarregado': the
// footer and the legal pages print them (Decreto 7.962/2013, LGPD art. 41), and a placeholder there is a
// false statement. Local builds (npm start, tests, bench) keep the examples.
import type { AstroIntegration } from 'astro';
import { readSettings } from '../lib/env.server.ts';

/** The build-time settings a deploy must have, by name. */
export const REQUIRED_FOR_DEPLOY = [
  'PUBLIC_COMPANY_NAME',
  'PUBLIC_COMPANY_CNPJ',
  'PUBLIC_COMPANY_ADDRESS',
  'PUBLIC_COMPANY_EMAIL',
  'PUBLIC_DPO_NAME',
  'PUBLIC_DPO_EMAIL',
] as const;

/** The required settings missing from `env`, or none in local mode. */
export function missingDeploySettings(env: NodeJS.ProcessEnv): string[] {
  const settings = readSettings(env);
  return settings.isLocal ? [] : REQUIRED_FOR_DEPLOY.filter((name) => !settings[name]?.trim());
}

/** Fails the build when a deploy lacks a required setting. */
export function requiredSettings(): AstroIntegration {
  return {
    name: 'required-settings',
    hooks: {
      'astro:config:setup': ({ command }) => {
        if (command !== 'build') return;
        const missing = missingDeploySettings(process.env);
        if (missing.length)
          throw new Error(
            `Faltam configurações obrigatórias para publicar o site: ${missing.join(', ')} (veja a tabela de configuração do README).`,
          );
      },
    },
  };
}
