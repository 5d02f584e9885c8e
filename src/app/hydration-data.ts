/** The id of the JSON block a server-rendered page carries its route loader data in (read by create-router). */
export const HYDRATION_DATA_ID = 'router-hydration';
