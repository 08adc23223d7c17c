import { describe, expect, it } from 'vitest';
import { missingDeploySettings } from './required-settings.ts';

describe('settings a deploy must have', () => {
  it('names the company settings a deploy lacks', () => {
    expect(missingDeploySettings({ CONTEXT: 'production' })).toEqual([
      'PUBLIC_COMPANY_NAME',
      'PUBLIC_COMPANY_CNPJ',
    ]);
    expect(
      missingDeploySettings({
        CONTEXT: 'production',
        PUBLIC_COMPANY_NAME: 'Zap Ltda.',
        PUBLIC_COMPANY_CNPJ: ' ',
      }),
    ).toEqual(['PUBLIC_COMPANY_CNPJ']);
    expect(
      missingDeploySettings({ PUBLIC_COMPANY_NAME: 'Zap Ltda.', PUBLIC_COMPANY_CNPJ: '12.345.678/0001-90' }),
    ).toEqual([]);
  });

  it('asks nothing of local builds, which keep the example company line', () => {
    expect(missingDeploySettings({ LOCAL_PLATFORM: '1' })).toEqual([]);
    expect(missingDeploySettings({ CONTEXT: 'dev' })).toEqual([]);
  });
});
