import { array, enums, nonempty, number, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { Email, HttpsUrl, PhoneNumber, Text } from './common.struct.ts';

const Address = object({
  street: Text,
  suburb: Text,
  city: Text,
  province: enums([
    'Eastern Cape',
    'Free State',
    'Gauteng',
    'KwaZulu-Natal',
    'Limpopo',
    'Mpumalanga',
    'North West',
    'Northern Cape',
    'Western Cape',
  ]),
  postalCode: pattern(string(), /^\d{4}$/),
  country: Text,
});

const Office = object({
  /** Stable identifier, used as a React key and by the map (one marker per office). */
  id: pattern(string(), /^[a-z0-9-]+$/),
  name: Text,
  kind: enums(['head-office', 'branch']),
  address: Address,
  phone: PhoneNumber,
  email: Email,
  /** Where the office is; the interactive map of a later issue places its markers here. */
  coordinates: object({ lat: size(number(), -35, -22), lng: size(number(), 16, 33) }),
  /** The no-JavaScript fallback: the office on Google Maps. */
  mapsUrl: HttpsUrl,
});

const Time = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);

/**
 * One row of the opening hours: `days` and `hours` are the words the page shows; `dayOfWeek`,
 * `opens` and `closes` say the same for machines (schema.org's OpeningHoursSpecification in the
 * home page's structured data). A row without `opens` and `closes` is closed. The build checks
 * that `hours` begins with "opens – closes" (content/validate-content.ts).
 */
const OpeningHours = object({
  days: Text,
  hours: Text,
  dayOfWeek: nonempty(array(enums(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'PublicHolidays']))),
  opens: optional(Time),
  closes: optional(Time),
});

export const CompanyStruct = object({
  name: Text,
  legalName: Text,
  shortName: Text,
  tagline: Text,
  founded: size(number(), 1990, 2030),
  phone: PhoneNumber,
  email: Email,
  salesEmail: Email,
  supportEmail: Email,
  supportPhone: PhoneNumber,
  offices: nonempty(array(Office)),
  hours: nonempty(array(OpeningHours)),
  hoursNote: optional(Text),
  social: object({
    facebook: HttpsUrl,
    linkedin: HttpsUrl,
    instagram: HttpsUrl,
  }),
  registration: object({
    /** CIPC number of a private company: year/number/07. */
    companyNumber: pattern(string(), /^\d{4}\/\d{6}\/07$/),
    /** SARS VAT numbers are ten digits starting with 4. */
    vatNumber: pattern(string(), /^4\d{9}$/),
    bbbeeLevel: size(number(), 1, 8),
    professionalBody: Text,
  }),
});

export type Company = Infer<typeof CompanyStruct>;
export type Office = Company['offices'][number];
