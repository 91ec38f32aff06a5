// MenudNative
