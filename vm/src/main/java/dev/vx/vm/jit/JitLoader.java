package dev.vx.vm.jit;

/**
 * Defines the classes of one module's compiled functions ({@link JitCode}), on demand: compiled code calls a
 * function through its class, so the JVM asks for that class the first time the call runs,
 * and the class is generated then. Classes outside the generated package come from the VM's
 * own loader.
 */
public final class JitLoader extends ClassLoader {
    static final String PACKAGE = "dev.vx.vm.jit.gen";
    static final String PREFIX = PACKAGE + ".F";

    static {
        registerAsParallelCapable();
    }

    private final JitCode jit;

    JitLoader(JitCode jit) {
        super(JitLoader.class.getClassLoader());
        this.jit = jit;
    }

    static String className(int f) {
        return PREFIX + f;
    }

    static String internalName(int f) {
        return className(f).replace('.', '/');
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(PREFIX)) return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) c = findClass(name);
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        int f;
        try {
            f = Integer.parseInt(name.substring(PREFIX.length()));
        } catch (NumberFormatException e) {
            throw new ClassNotFoundException(name);
        }
        if (f < 0 || f >= jit.functionCount()) throw new ClassNotFoundException(name);
        byte[] bytes = jit.generate(f);
        return defineClass(name, bytes, 0, bytes.length);
    }

    /** Called by a generated class's initializer: its function is ready to run. */
    public void register(int f, JitFunction fn) {
        jit.registered(f, fn);
    }
}
