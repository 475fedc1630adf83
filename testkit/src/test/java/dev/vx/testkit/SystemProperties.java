package dev.vx.testkit;

/** Sets a system property for the duration of a block, restoring the previous value after. */
final class SystemProperties {

    private SystemProperties() {
    }

    interface Body {
        void run() throws Exception;
    }

    static void with(String key, String value, Body body) throws Exception {
        String previous = System.getProperty(key);
        System.setProperty(key, value);
        try {
            body.run();
        } finally {
            if (previous == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, previous);
            }
        }
    }
}
