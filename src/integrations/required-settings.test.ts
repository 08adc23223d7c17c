import { afterEach, describe, expect, it, vi } from 'vitest';
import { missingDeploySettings, REQUIRED_FOR_DEPLOY, requiredSettings } from './required-settings.ts';

const COMPLETE = {
  PUBLIC_COMPANY_NAME: 'Zap Ltda.',
  PUBLIC_COMPANY_CNPJ: '12.345.678/0001-90',
  PUBLIC_COMPANY_ADDRESS: 'Av. Paulista, 1000, São Paulo - SP, 01310-100',
  PUBLIC_COMPANY_EMAIL: 'contato@zap.com.br',
  PUBLIC_DPO_NAME: 'Maria Souza',
  PUBLIC_DPO_EMAIL: 'privacidade@zap.com.br',
};

describe('settings a deploy must have', () => {
  it('names every company and Encarregado setting a deploy lacks', () => {
    expect(missingDeploySettings({ CONTEXT: 'production' })).toEqual([
      'PUBLIC_COMPANY_NAME',
      'PUBLIC_COMPANY_CNPJ',
      'PUBLIC_COMPANY_ADDRESS',
      'PUBLIC_COMPANY_EMAIL',
      'PUBLIC_DPO_NAME',
      'PUBLIC_DPO_EMAIL',
    ]);
    expect(missingDeploySettings({ CONTEXT: 'production', ...COMPLETE, PUBLIC_COMPANY_CNPJ: ' ' })).toEqual([
      'PUBLIC_COMPANY_CNPJ',
    ]);
    expect(missingDeploySettings(COMPLETE)).toEqual([]);
  });

  it('fails a deploy that lacks any one of them, alone', () => {
    for (const name of REQUIRED_FOR_DEPLOY) {
      const { [name]: _left, ...rest } = COMPLETE;
      expect(missingDeploySettings({ CONTEXT: 'production', ...rest })).toEqual([name]);
    }
  });

  it('asks nothing of local builds, which keep the example company line', () => {
    expect(missingDeploySettings({ LOCAL_PLATFORM: '1' })).toEqual([]);
    expect(missingDeploySettings({ CONTEXT: 'dev' })).toEqual([]);
  });
});

describe('the build integration', () => {
  afterEach(() => vi.unstubAllEnvs());
  // The hook Astro calls before a build: a deploy (not local, not a test) without the settings stops there.
  const setup = (command: 'build' | 'dev') =>
    (requiredSettings().hooks['astro:config:setup'] as (options: { command: string }) => void)({ command });

  it('stops a deploy build that lacks the address, the contact e-mail or the Encarregado', () => {
    vi.stubEnv('VITEST', '');
    vi.stubEnv('LOCAL_PLATFORM', '');
    vi.stubEnv('CONTEXT', 'production');
    for (const [name, value] of Object.entries(COMPLETE)) vi.stubEnv(name, value);
    vi.stubEnv('PUBLIC_COMPANY_ADDRESS', '');
    vi.stubEnv('PUBLIC_DPO_EMAIL', '');
    expect(() => setup('build')).toThrow(/PUBLIC_COMPANY_ADDRESS, PUBLIC_DPO_EMAIL/);
    expect(() => setup('dev')).not.toThrow();
    vi.stubEnv('PUBLIC_COMPANY_ADDRESS', COMPLETE.PUBLIC_COMPANY_ADDRESS);
    vi.stubEnv('PUBLIC_DPO_EMAIL', COMPLETE.PUBLIC_DPO_EMAIL);
    expect(() => setup('build')).not.toThrow();
  });
});
