import java.io.InputStream;
import java.util.Enumeration;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Opens a zip with java.util.zip.ZipFile (its central directory, as Java programs read
 *  zips) and reads every entry, checking its CRC-32 and size. Exits 1 on any problem. */
public class ZipFileCheck {
    public static void main(String[] arguments) throws Exception {
        int entries = 0;
        try (ZipFile zip = new ZipFile(arguments[0])) {
            for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements();) {
                ZipEntry entry = all.nextElement();
                CRC32 crc = new CRC32();
                long size = 0;
                byte[] buffer = new byte[1 << 16];
                try (InputStream input = zip.getInputStream(entry)) {
                    for (int read; (read = input.read(buffer)) > 0; size += read) crc.update(buffer, 0, read);
                }
                if (crc.getValue() != entry.getCrc() || size != entry.getSize()) {
                    System.out.println(entry.getName() + ": CRC-32 or size does not match the central directory");
                    System.exit(1);
                }
                entries++;
            }
        }
        System.out.println(entries + " entries read, every CRC-32 and size matches");
    }
}
