import ForceEngine
print("x")
