// FireScript handlers: the site's own code, run by name; a name the page does not know runs
// nothing (the add-on would have eval'ed whatever its settings held).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRE_SCRIPT_HANDLERS } from '../../../content/structs/form-actions.struct.ts';
import { fireScriptHandlers, runFireScript } from '../../../src/services/contact-form/redirect-add-on-scripts.service.ts';

type TrackingWindow = Window & { gtag?: (...args: unknown[]) => void; dataLayer?: unknown[] };
const tracking = window as TrackingWindow;

afterEach(() => {
  delete tracking.gtag;
  delete tracking.dataLayer;
});

describe('FireScript handlers', () => {
  it('has a handler for every name content may use, and no other', () => {
    expect(Object.keys(fireScriptHandlers).sort()).toEqual([...FIRE_SCRIPT_HANDLERS].sort());
  });

  it('sends a conversion to gtag and an event to the data layer, when the page has them', () => {
    tracking.gtag = vi.fn();
    tracking.dataLayer = [];
    expect(runFireScript('gtag-conversion')).toBe(true);
    expect(tracking.gtag).toHaveBeenCalledWith('event', 'generate_lead', { form: 'contact' });
    expect(runFireScript('data-layer-event')).toBe(true);
    expect(tracking.dataLayer).toEqual([{ event: 'contact_form_sent' }]);
  });

  it('does nothing without gtag or a data layer, and nothing for an unknown name', () => {
    expect(() => runFireScript('gtag-conversion')).not.toThrow();
    expect(runFireScript('alert(document.cookie)')).toBe(false);
    expect(runFireScript('constructor')).toBe(false);
  });
});
