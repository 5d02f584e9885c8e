import type { ApiAddress } from '../../../../schemas/api/user';
import type { ShippingDetailsForm } from '../../../../schemas/forms/account-profile-forms';

type FormValues = { [K in keyof ShippingDetailsForm]: string };

/** The form's starting values: the saved default shipping address, else the account's name and GB. */
export function toShippingForm(address: ApiAddress | undefined, name: { firstname: string; lastname: string }): FormValues {
  return {
    firstName: address?.firstname ?? name.firstname,
    lastName: address?.lastname ?? name.lastname,
    company: address?.company ?? '',
    streetAddress: address?.street[0] ?? '',
    apartmentNumber: address?.street[1] ?? '',
    city: address?.city ?? '',
    zipCode: address?.postcode ?? '',
    country: address?.country_id ?? 'GB',
    phoneNumber: address?.telephone ?? '',
  };
}

/**
 * The full address list for POST /api/user/me (it replaces the list): the default shipping address is
 * updated in place (its id kept) or added, and the other addresses stay as they were.
 */
export function shippingAddressFrom(values: ShippingDetailsForm, addresses: readonly ApiAddress[]): Record<string, unknown>[] {
  const current = addresses.find((a) => a.default_shipping) ?? addresses[0];
  const updated: Record<string, unknown> = {
    ...(current ? { id: current.id } : {}),
    firstname: values.firstName,
    lastname: values.lastName,
    street: values.apartmentNumber ? [values.streetAddress, values.apartmentNumber] : [values.streetAddress],
    city: values.city,
    postcode: values.zipCode,
    country_id: values.country,
    telephone: values.phoneNumber ?? null,
    company: values.company ?? null,
    default_shipping: true,
    default_billing: current ? current.default_billing : true,
  };
  const keep = (a: ApiAddress): Record<string, unknown> => {
    const { customer_id: _owner, ...rest } = a;
    return { ...rest, default_shipping: false };
  };
  return [updated, ...addresses.filter((a) => a !== current).map(keep)];
}
