import type { Client } from '#contract/api';
import { NO_HOURS, type DayHours, type ServiceFields, type WorkingHours } from '#contract/book';
import type { Role } from '#contract/team';

/** The mock's demo accounts (README): an owner and a member of staff. Their passwords are exempt from the length rule. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin', role: 'owner' },
  { username: 'sam', password: 'sam', role: 'staff' },
] as const satisfies ReadonlyArray<{ username: string; password: string; role: Role }>;

/** About a dozen clients, as a salon's first weeks might look, deliberately not in date order. */
export const seedClients: Client[] = [
  {
    _id: 'mock-000001',
    firstName: 'Amelia',
    lastName: 'Hart',
    email: 'amelia.hart@example.com',
    registrationDateTime: '2023-03-14T09:30:00.000Z',
  },
  {
    _id: 'mock-000002',
    firstName: 'Sofia',
    lastName: 'Moretti',
    email: 'sofia.moretti@example.com',
    registrationDateTime: '2023-01-09T14:00:00.000Z',
  },
  {
    _id: 'mock-000003',
    firstName: 'Chloé',
    lastName: 'Dubois',
    email: 'chloe.dubois@example.com',
    registrationDateTime: '2023-05-22T11:15:00.000Z',
  },
  {
    _id: 'mock-000004',
    firstName: 'Maya',
    lastName: 'Okafor',
    email: 'maya.okafor@example.com',
    registrationDateTime: '2023-02-02T16:45:00.000Z',
  },
  {
    _id: 'mock-000005',
    firstName: 'Hannah',
    lastName: 'Becker',
    email: 'hannah.becker@example.com',
    registrationDateTime: '2023-07-30T10:00:00.000Z',
  },
  {
    _id: 'mock-000006',
    firstName: 'Lucía',
    lastName: 'Fernández',
    email: 'lucia.fernandez@example.com',
    registrationDateTime: '2023-04-18T13:20:00.000Z',
  },
  {
    _id: 'mock-000007',
    firstName: 'Grace',
    lastName: 'Kim',
    email: 'grace.kim@example.com',
    registrationDateTime: '2023-06-05T15:10:00.000Z',
  },
  {
    _id: 'mock-000008',
    firstName: 'Olivia',
    lastName: 'Nowak',
    email: 'olivia.nowak@example.com',
    registrationDateTime: '2023-01-27T12:05:00.000Z',
  },
  {
    _id: 'mock-000009',
    firstName: 'Isabel',
    lastName: 'Santos',
    email: 'isabel.santos@example.com',
    registrationDateTime: '2023-08-11T17:30:00.000Z',
  },
  {
    _id: 'mock-000010',
    firstName: 'Emma',
    lastName: 'Lindqvist',
    email: 'emma.lindqvist@example.com',
    registrationDateTime: '2023-09-03T08:50:00.000Z',
  },
  {
    _id: 'mock-000011',
    firstName: 'Zara',
    lastName: 'Ahmed',
    email: 'zara.ahmed@example.com',
    registrationDateTime: '2023-02-19T10:40:00.000Z',
  },
  {
    _id: 'mock-000012',
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@example.com',
    registrationDateTime: '2023-10-24T14:25:00.000Z',
  },
];

/** The salon's services (issue 40), prices in cents of the mock's currency (EUR). */
export const seedServices: ServiceFields[] = [
  { name: 'Haircut and styling', durationMinutes: 60, price: 4500 },
  { name: 'Hair colour', durationMinutes: 120, price: 8500 },
  { name: 'Bridal make-up', durationMinutes: 90, price: 12_000 },
  { name: 'Photoshoot make-up', durationMinutes: 45, price: 6000 },
];

const DAY: DayHours = { from: '09:00', to: '18:00' };
/** Every demo account works Tuesday to Saturday, 09:00–18:00. */
export const seedHours: WorkingHours = { ...NO_HOURS, tuesday: DAY, wednesday: DAY, thursday: DAY, friday: DAY, saturday: DAY };
