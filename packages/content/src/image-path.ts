/** Where the service serves image files; image urls are paths on the serving origin. */
export const IMAGE_PATH = '/content/images';
