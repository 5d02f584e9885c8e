/** The invented shop the demo content describes. */
export const SHOP = {
  name: 'Hartwell Fixings & Tools',
  phone: '0161 555 0199',
  email: 'sales@hartwell-fixings.example',
  address: 'Unit 4, Canal Side Trade Park, Manchester M17 1AA',
  cutOff: '4pm',
} as const;
